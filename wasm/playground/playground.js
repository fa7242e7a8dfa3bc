// The playground page (wasm/README.md): the reference, compiled to WebAssembly (pgnsem.js, with
// wasm/api.js after it), asked for the verdicts, the trace and the explanations of a game under two
// readings, one a pane. Everything shown comes from the contract's objects: `verdict` (judge),
// `step` (trace), `explanation` (explain), `erratum` (errata); the page only draws them.
'use strict';

const $ = (id) => document.getElementById(id);
const PIECES = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };

let api = null;
let errata = [];  // the executable errata, as `pgnsem errata` lists them
const page = {
    text: '',       // the PGN the games are read from
    games: [],      // the reader's index of them
    game: 1,
    ply: 0,         // 0: σ₀
    fen: null,      // the FEN pasted, when the input was a position
    panes: [],
};

function element(tag, attributes = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attributes)) {
        if (k === 'class') e.className = v;
        else if (k === 'text') e.textContent = v;
        else e.setAttribute(k, v);
    }
    for (const c of children) e.append(c);
    return e;
}

// A reading in serve's words, and as the page names it.
function readingOf(pane) {
    const base = pane.semantics.value;
    const out = { semantics: base, errata: {} };
    for (const box of pane.boxes) {
        const asPrinted = box.checked;
        if (asPrinted !== (base === 'paper')) out.errata[box.dataset.slug] = asPrinted ? 'paper' : 'laws';
    }
    return out;
}
function readingText(reading) {
    // the envelope's `reading` of an object the reference wrote, in the words of the command line's
    // reports (io/contract.cpp, reading_text): named from the nearer side
    if (reading.name !== 'mixed') return reading.name;
    const printed = new Set(reading.as_printed);
    const corrected = errata.map((e) => e.slug).filter((slug) => !printed.has(slug));
    if (corrected.length < printed.size) return `paper, with ${corrected.map((s) => `${s}=laws`).join(' ')}`;
    return `laws, with ${reading.as_printed.map((s) => `${s}=paper`).join(' ')}`;
}

function buildPane(root) {
    const name = root.dataset.pane;
    const pane = { name, root, boxes: [], verdict: null, steps: [], reading: null };
    root.append(element('h2', { text: `Reading ${name.toUpperCase()}` }));
    pane.semantics = element('select', { id: `${name}-semantics`, class: 'semantics' },
        element('option', { value: 'laws', text: 'laws — every erratum corrected (the FIDE Laws)' }),
        element('option', { value: 'paper', text: 'paper — the equations as printed' }));
    pane.semantics.value = root.dataset.default;
    root.append(element('label', {}, 'semantics ', pane.semantics));
    const list = element('ul', { class: 'errata' });
    for (const e of errata) {
        const box = element('input', { type: 'checkbox', id: `${name}-erratum-${e.slug}` });
        box.dataset.slug = e.slug;
        box.checked = pane.semantics.value === 'paper';
        box.addEventListener('change', () => refreshPane(pane));
        pane.boxes.push(box);
        list.append(element('li', {}, element('label', { title: `${e.law}. Paper: ${e.paper}. Correction: ${e.correction}` },
            box, ` ${e.slug}`, element('span', { class: 'title', text: ` — ${e.title}` }))));
    }
    root.append(element('details', { open: '' }, element('summary', { text: 'errata read as the paper prints them' }), list));
    pane.semantics.addEventListener('change', () => {
        for (const box of pane.boxes) box.checked = pane.semantics.value === 'paper';
        refreshPane(pane);
    });
    pane.verdictLine = element('p', { class: 'verdict', id: `${name}-verdict` });
    pane.readingLine = element('p', { class: 'reading-used', id: `${name}-reading` });
    pane.plyLine = element('p', { class: 'ply-state', id: `${name}-ply` });
    pane.board = element('div', { class: 'board', id: `${name}-board`, role: 'img' });
    pane.fenLine = element('p', { class: 'fen', id: `${name}-fen` });
    pane.explainBox = element('div', { class: 'explain', id: `${name}-explain` });
    root.append(pane.verdictLine, pane.readingLine, pane.plyLine, pane.board, pane.fenLine, pane.explainBox);
    return pane;
}

function drawBoard(pane, fen, marked, markClass) {
    pane.board.replaceChildren();
    pane.board.setAttribute('aria-label', fen || 'no position');
    const rows = fen ? fen.split(' ')[0].split('/') : [];
    for (let r = 0; r < 8; ++r) {
        const cells = [];
        for (const c of rows[r] || '8') {
            if (c >= '1' && c <= '8') for (let i = 0; i < Number(c); ++i) cells.push('');
            else cells.push(PIECES[c] || '?');
        }
        for (let f = 0; f < 8; ++f) {
            const square = 'abcdefgh'[f] + (8 - r);
            const cls = ['sq', (r + f) % 2 === 0 ? 'light' : 'dark'];
            if (marked.includes(square)) cls.push(markClass);
            const sq = element('div', { class: cls.join(' '), title: square, text: cells[f] || '' });
            sq.dataset.square = square;
            pane.board.append(sq);
        }
    }
}

function showVerdict(pane) {
    const v = pane.verdict;
    pane.verdictLine.className = 'verdict';
    if (pane.error) {
        pane.verdictLine.textContent = `refused: ${pane.error.message}`;
        pane.readingLine.textContent = '';
        return;
    }
    if (!v) {
        pane.verdictLine.textContent = '';
        pane.readingLine.textContent = '';
        return;
    }
    pane.verdictLine.classList.add(v.verdict);
    const plies = `${v.plies} ${v.plies === 1 ? 'ply' : 'plies'}`;
    let text = `${v.verdict}, ${plies}`;
    if (v.error) {
        const at = v.error.ply ? ` at ply ${v.error.ply} (${v.error.written ?? ''})` : '';
        text = `${v.verdict}${at}: ${v.error.rule} — ${v.error.message} (${plies} before it)`;
    } else if (v.end) {
        text += `, ${v.end}`;
    }
    pane.verdictLine.textContent = text;
    pane.readingLine.textContent = `reading: ${readingText(v.reading)}`;
}

function premisesTable(x) {
    const table = element('table', { class: 'premises' });
    table.append(element('tr', {}, ...['premise (the paper\'s notation)', 'what σ holds', 'value', 'rule of ⊥', 'erratum'].map(
        (t) => element('th', { text: t }))));
    for (const p of x.premises) {
        const row = element('tr', { class: p.value ? 'true' : 'false' },
            element('td', { class: 'mono', text: p.notation, title: p.premise }),
            element('td', { class: 'mono', text: p.values ?? '' }),
            element('td', { class: 'value', text: p.value ? 'true' : 'false' }),
            element('td', { class: 'mono', text: p.rule }),
            element('td', { text: p.erratum ? `${p.erratum} (${p.form})` : '' }));
        table.append(row);
    }
    return table;
}

function showExplanation(pane, x) {
    pane.explainBox.replaceChildren();
    if (!x) return;
    if (!x.explained) {
        pane.explainBox.append(element('p', { text: `not explained: ${x.reason}` }));
        return;
    }
    const head = `ply ${x.ply}, ${x.side}: ${x.written} — ${x.production ? x.production.form : ''}` +
        (x.equation ? `, equation ${x.equation}` : '');
    pane.explainBox.append(element('p', { class: 'mono', text: head }));
    if (x.update_form) pane.explainBox.append(element('p', { class: 'mono', text: x.update_form }));
    pane.explainBox.append(premisesTable(x));
    const outcome = x.legal ? 'T accepts the move' : `T gives ⊥: ${x.error.rule} — ${x.error.message}`;
    pane.explainBox.append(element('p', { class: x.legal ? '' : 'bottom', text: outcome }));
}

// The pane at the page's ply: σ and its FEN, the ply's step, its premises.
function showPly(pane) {
    const k = page.ply;
    const start = page.games[page.game - 1] ? page.games[page.game - 1].fen_start : null;
    const step = pane.steps.find((s) => s.ply === k && (k > 0 || !s.legal)) || null;
    const before = pane.steps.find((s) => s.ply === k - 1 && s.legal);
    let fen = start;
    let marked = [];
    let markClass = 'changed';
    if (pane.error) {
        pane.plyLine.textContent = '';
    } else if (k === 0 && !step) {
        pane.plyLine.textContent = 'σ₀: the position before the first ply';
    } else if (step && step.legal) {
        fen = step.fen_after;
        marked = step.changes.map((c) => c.square);
        pane.plyLine.textContent = `ply ${k}: ${step.san} (${step.uci}), equation ${step.equation}`;
    } else if (step) {
        fen = before ? before.fen_after : start;
        if (step.error.rule.startsWith('position/')) fen = null;
        pane.plyLine.replaceChildren(element('span', { class: 'bottom', text: `ply ${k}: ⊥ ` }),
            `${step.written ?? ''}: ${step.error.rule}${step.premise ? ` (${step.premise})` : ''}`);
        markClass = 'failed';
    } else {
        const last = lastPly(pane);
        const stopped = pane.steps.length && !pane.steps[pane.steps.length - 1].legal;
        fen = null;
        pane.plyLine.textContent = stopped
            ? `no ply ${k} under this reading: the game stops at ply ${last} (⊥)`
            : `no ply ${k}: the game has ${last} ${last === 1 ? 'ply' : 'plies'}`;
    }
    drawBoard(pane, fen, marked, markClass);
    pane.board.hidden = !fen;
    pane.fenLine.textContent = fen ? `FEN: ${fen}` : '';
    pane.fenLine.dataset.fen = fen || '';
    let x = null;
    if (!pane.error && k > 0 && step) {
        try {
            x = api.explain(page.text, { game: page.game, ply: k, reading: pane.reading });
        } catch (e) {
            x = { explained: false, reason: e.message };
        }
    }
    showExplanation(pane, x);
}

function refreshPane(pane) {
    pane.reading = readingOf(pane);
    pane.error = null;
    pane.verdict = null;
    pane.steps = [];
    if (page.games.length) {
        try {
            pane.verdict = api.judge(page.text, pane.reading)[page.game - 1];
            pane.steps = api.trace(page.text, { game: page.game, reading: pane.reading });
        } catch (e) {
            pane.error = e.error || { rule: 'page', message: String(e) };
        }
    }
    showVerdict(pane);
    updateStepper();
    showPly(pane);
    compare();
}

function compare() {
    const [a, b] = page.panes.map((p) => p.verdict);
    const line = $('compare');
    line.className = '';
    if (!a || !b) {
        line.textContent = '';
        return;
    }
    const say = (v) => `${v.verdict}${v.error ? ` (${v.error.rule}, ply ${v.error.ply})` : ''}`;
    if (say(a) === say(b)) {
        line.textContent = `A and B agree: ${say(a)}`;
    } else {
        line.textContent = `A and B differ: under ${readingText(a.reading)}, A says ${say(a)}; under ${readingText(b.reading)}, B says ${say(b)}`;
        line.className = 'differ';
    }
}

// The last ply a pane's trace has (its ⊥ step included).
function lastPly(pane) {
    return Math.max(0, ...pane.steps.map((s) => s.ply ?? 0));
}

function updateStepper() {
    const most = Math.max(0, ...page.panes.map(lastPly));
    const range = $('ply-range');
    range.max = String(most);
    if (page.ply > most) page.ply = most;
    range.value = String(page.ply);
    $('ply-label').textContent = page.games.length ? `ply ${page.ply} of ${most}` : '';
}

function goTo(ply) {
    const most = Number($('ply-range').max);
    page.ply = Math.max(0, Math.min(most, ply));
    updateStepper();
    for (const pane of page.panes) showPly(pane);
}

// A position alone is read as a game without moves from it (the FEN tag wants all six fields).
function asPgn(text) {
    const t = text.trim();
    const fields = t.split(/\s+/);
    if (!t.includes('[') && !t.includes('\n') && /^[1-8pnbrqkPNBRQK]+(\/[1-8pnbrqkPNBRQK]+){7}$/.test(fields[0]) &&
        (fields.length === 4 || fields.length === 6)) {
        const fen = fields.length === 4 ? `${t} 0 1` : t;
        return { pgn: `[SetUp "1"]\n[FEN "${fen}"]\n\n*\n`, fen };
    }
    return { pgn: text, fen: null };
}

function showMoves() {
    const section = $('moves-section');
    section.hidden = !page.fen;
    if (!page.fen) return;
    try {
        const m = api.legalMoves(page.fen);
        const state = m.checkmate ? 'checkmate' : m.stalemate ? 'stalemate' : m.check ? 'check' : '';
        const list = m.moves.map((x) => x.san).join(' ');
        $('moves').textContent = `${m.moves.length} legal move${m.moves.length === 1 ? '' : 's'}${list ? `: ${list}` : ''}${state ? ` — ${state}` : ''}`;
    } catch (e) {
        $('moves').textContent = e.message;
    }
}

function read() {
    const { pgn, fen } = asPgn($('pgn').value);
    page.text = pgn;
    page.fen = fen;
    page.games = api.games(pgn);
    page.game = 1;
    page.ply = 0;
    const select = $('game');
    select.replaceChildren();
    for (const g of page.games) {
        const tag = (name) => (g.tags.find((t) => t[0] === name) || [])[1];
        const who = tag('White') || tag('Black') ? ` — ${tag('White') ?? '?'} vs ${tag('Black') ?? '?'}` : '';
        select.append(element('option', { value: String(g.game), text: `${g.game}. ${tag('Event') ?? '(no Event tag)'}${who}` }));
    }
    $('status').textContent = page.games.length ? `${page.games.length} game${page.games.length === 1 ? '' : 's'} read` : 'no game in the text';
    showMoves();
    for (const pane of page.panes) refreshPane(pane);
}

function start() {
    api = pgnsemBind(window.pgnsemModule);
    errata = api.errata().filter((o) => o.object === 'erratum' && o.executable);
    $('version').textContent = `pgnsem ${api.errata()[0].pgnsem}, contract ${api.errata()[0].contract}.`;
    page.panes = [...document.querySelectorAll('.pane')].map(buildPane);
    for (const ex of PGNSEM_EXAMPLES) $('example').append(element('option', { value: ex.name, text: ex.name }));
    $('example').addEventListener('change', () => {
        const ex = PGNSEM_EXAMPLES.find((e) => e.name === $('example').value);
        if (!ex) return;
        $('pgn').value = ex.text;
        read();
    });
    $('read').addEventListener('click', read);
    $('game').addEventListener('change', () => {
        page.game = Number($('game').value);
        page.ply = 0;
        for (const pane of page.panes) refreshPane(pane);
    });
    $('first').addEventListener('click', () => goTo(0));
    $('prev').addEventListener('click', () => goTo(page.ply - 1));
    $('next').addEventListener('click', () => goTo(page.ply + 1));
    $('last').addEventListener('click', () => goTo(Number($('ply-range').max)));
    $('ply-range').addEventListener('input', () => goTo(Number($('ply-range').value)));
    $('read').disabled = false;
    $('status').textContent = 'ready';
    document.body.dataset.ready = 'yes';
}

createPgnsem().then((module) => {
    window.pgnsemModule = module;
    start();
}, (e) => {
    $('status').textContent = `the reference did not load: ${e}`;
    $('status').className = 'error';
    document.body.dataset.ready = 'failed';
});
