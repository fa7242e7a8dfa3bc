// A headless Chromium driven over the DevTools protocol through --remote-debugging-pipe (the
// protocol's messages as JSON, each ended by a NUL byte, on the browser's file descriptors 3 and 4),
// with nothing but Node's own modules: no puppeteer, no WebSocket, no network.
//   const browser = await Browser.launch(chromiumPath, profileDir);
//   const page = await browser.open(url);         // a new tab, loaded
//   await page.evaluate('1 + 1');                 // a value, awaited when it is a promise
//   await browser.close();
// page.errors collects what the page threw and what it logged as an error.
import { spawn } from 'node:child_process';

export class Browser {
    static async launch(chromium, profile) {
        const child = spawn(chromium, [
            '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
            '--no-default-browser-check', '--disable-extensions', '--remote-debugging-pipe',
            `--user-data-dir=${profile}`, '--window-size=1400,1800', 'about:blank',
        ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], env: { ...process.env, HOME: profile } });
        const browser = new Browser(child);
        await browser.send('Target.setDiscoverTargets', { discover: true });
        return browser;
    }

    constructor(child) {
        this.child = child;
        this.next = 1;
        this.pending = new Map();
        this.listeners = [];
        this.stderr = '';
        child.stderr.on('data', (d) => { this.stderr += d; });
        let buffered = Buffer.alloc(0);
        child.stdio[4].on('data', (chunk) => {
            buffered = Buffer.concat([buffered, chunk]);
            for (let end = buffered.indexOf(0); end >= 0; end = buffered.indexOf(0)) {
                const message = JSON.parse(buffered.subarray(0, end).toString('utf8'));
                buffered = buffered.subarray(end + 1);
                this.receive(message);
            }
        });
        this.exited = new Promise((resolve) => child.on('exit', resolve));
        this.exited.then(() => {
            for (const { reject } of this.pending.values()) reject(new Error(`chromium exited: ${this.stderr.slice(-500)}`));
        });
    }

    receive(message) {
        if (message.id !== undefined) {
            const waiter = this.pending.get(message.id);
            this.pending.delete(message.id);
            if (!waiter) return;
            if (message.error) waiter.reject(new Error(`${waiter.method}: ${JSON.stringify(message.error)}`));
            else waiter.resolve(message.result);
        } else {
            for (const listener of this.listeners) listener(message);
        }
    }

    send(method, params = {}, sessionId = undefined) {
        const id = this.next++;
        const message = { id, method, params };
        if (sessionId) message.sessionId = sessionId;
        return new Promise((resolve, reject) => {
            this.pending.set(id, { resolve, reject, method });
            this.child.stdio[3].write(JSON.stringify(message) + '\0');
        });
    }

    // Resolves with the first event `method` of the session that `predicate` accepts.
    event(method, sessionId, predicate = () => true) {
        return new Promise((resolve) => {
            const listener = (m) => {
                if (m.method === method && m.sessionId === sessionId && predicate(m.params)) {
                    this.listeners.splice(this.listeners.indexOf(listener), 1);
                    resolve(m.params);
                }
            };
            this.listeners.push(listener);
        });
    }

    async open(url) {
        const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
        const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
        const page = new Page(this, sessionId);
        this.listeners.push((m) => {
            if (m.sessionId !== sessionId) return;
            if (m.method === 'Runtime.exceptionThrown') page.errors.push(m.params.exceptionDetails.exception?.description ?? m.params.exceptionDetails.text);
            if (m.method === 'Runtime.consoleAPICalled' && (m.params.type === 'error' || m.params.type === 'warning'))
                page.errors.push(m.params.args.map((a) => a.value ?? a.description).join(' '));
            if (m.method === 'Network.requestWillBeSent') page.requests.push(m.params.request.url);
        });
        await page.send('Page.enable');
        await page.send('Runtime.enable');
        await page.send('Network.enable');
        const loaded = this.event('Page.loadEventFired', sessionId);
        await page.send('Page.navigate', { url });
        await loaded;
        return page;
    }

    async close() {
        try {
            await Promise.race([this.send('Browser.close'), new Promise((r) => setTimeout(r, 5000))]);
        } catch {
            // closed already
        }
        if (this.child.exitCode === null) this.child.kill('SIGKILL');
        await this.exited;
    }
}

class Page {
    constructor(browser, sessionId) {
        this.browser = browser;
        this.sessionId = sessionId;
        this.errors = [];
        this.requests = [];
    }
    send(method, params = {}) {
        return this.browser.send(method, params, this.sessionId);
    }
    async evaluate(expression) {
        const r = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
        if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
        return r.result.value;
    }
    // Waits until `expression` is true, for at most `ms`.
    async until(expression, ms = 30000) {
        const deadline = Date.now() + ms;
        while (Date.now() < deadline) {
            if (await this.evaluate(expression)) return true;
            await new Promise((r) => setTimeout(r, 50));
        }
        return false;
    }
    async screenshot() {
        const { data } = await this.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true });
        return Buffer.from(data, 'base64');
    }
}
