// The JavaScript face of the WebAssembly build (wasm/README.md): the C functions of
// wasm/pgnsem_wasm.cpp called with JavaScript strings, their JSON parsed. scripts/playground puts
// this file after the page's script (wasm/playground/) and inside the ES module (wasm/pgnsem.mjs),
// so that both call the reference the same way.
//
// A reading is serve's `reading` object (README, "pgnsem serve"): {semantics: "laws" | "paper",
// errata: {SLUG: "paper" | "laws"}}, either member optional; "laws" or "paper" alone stands for
// {semantics: …}. What the reference refuses (a reading that is not one, a FEN that does not parse
// for legalMoves, no such game) is thrown as a PgnsemError with the contract's `rule` and `message`.

class PgnsemError extends Error {
    constructor(error) {
        super(`${error.rule}: ${error.message}`);
        this.name = 'PgnsemError';
        this.rule = error.rule;
        this.error = error;
    }
}

function pgnsemBind(Module) {
    // A C string in the module's heap (malloc'd: a game may be larger than the stack), freed by the caller.
    const cString = (s) => {
        const n = Module.lengthBytesUTF8(s) + 1;
        const p = Module._malloc(n);
        Module.stringToUTF8(s, p, n);
        return p;
    };
    // Calls the C function `name` with strings and numbers; the JSON it gives, parsed.
    const call = (name, ...args) => {
        const held = [];
        try {
            const cArgs = args.map((a) => {
                if (typeof a !== 'string') return a;
                const p = cString(a);
                held.push(p);
                return p;
            });
            return JSON.parse(Module.UTF8ToString(Module['_' + name](...cArgs)));
        } finally {
            held.forEach((p) => Module._free(p));
        }
    };
    const refused = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && v.object === undefined && v.error;
    const checked = (v) => {
        if (refused(v)) throw new PgnsemError(v.error);
        return v;
    };
    // A reading in the command line's words: the semantics, and the --erratum values one a line.
    const words = (reading) => {
        if (reading === undefined || reading === null) reading = {};
        if (typeof reading === 'string') reading = { semantics: reading };
        for (const key of Object.keys(reading))
            if (key !== 'semantics' && key !== 'errata')
                throw new PgnsemError({
                    rule: 'request/reading',
                    message: `a reading takes "semantics" and "errata", not "${key}"`,
                });
        const errata = Object.entries(reading.errata || {}).map(([slug, form]) => `${slug}=${form}`);
        return [reading.semantics || 'laws', errata.join('\n')];
    };
    const serve = (request) => {
        const line = typeof request === 'string' ? request : JSON.stringify(request);
        return call('pgnsem_serve', line);
    };
    return {
        // Every game of the text: the `verdict` objects `pgnsem check --format json` writes.
        judge(pgnText, reading, { file = '-', strict = false } = {}) {
            return checked(call('pgnsem_check', pgnText, file, ...words(reading), strict ? 1 : 0));
        },
        // The legal moves of a position (a FEN or four-field EPD): the `moves` object of `pgnsem
        // moves`, through serve's `moves` operation (which answers under the Laws' reading only).
        legalMoves(fen, reading) {
            const request = { op: 'moves', fen };
            if (reading !== undefined && reading !== null)
                request.reading = typeof reading === 'string' ? { semantics: reading } : reading;
            const response = serve(request);
            if (!response.ok) throw new PgnsemError(response.error);
            return response.result;
        },
        // One ply of one game (by default the failing ply of game 1): the `explanation` object of
        // `pgnsem explain --format jsonl`; a ply it cannot explain has `explained` false and its reason.
        explain(pgnText, { game = 1, ply = 0, reading, file = '-' } = {}) {
            return checked(call('pgnsem_explain', pgnText, file, game, ply, ...words(reading)));
        },
        // The `step` objects of `pgnsem trace --format json`: of game `game`, or of every game (0).
        trace(pgnText, { game = 0, reading, file = '-' } = {}) {
            return checked(call('pgnsem_trace', pgnText, file, ...words(reading), game));
        },
        // The `erratum` and `silence` objects of `pgnsem errata --format json`.
        errata() {
            return call('pgnsem_errata');
        },
        // The text's games as the reader reads them: {game, tags: [[name, value]…], fen_start}
        // (the playground's own index, not an object of the contract).
        games(pgnText) {
            return call('pgnsem_games', pgnText);
        },
        // One request of `pgnsem serve` (an object or its JSON text): its `response` object.
        serve,
    };
}
