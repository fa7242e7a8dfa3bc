// The playground page opened from disk in headless Chromium and used as a student would, through
// its controls (tests/wasm/playground.sh computes what the command line says of the same games):
//   node tests/wasm/playground.mjs CHROMIUM PAGE_DIR ILLEGAL_PGN EXPECTED_JSON WORK_DIR
// Prints one line a check that failed, then "N passed, M failed"; exit status 1 when one failed.
import fs from 'node:fs';
import path from 'node:path';
import { Browser } from './cdp.mjs';
import { checker } from './checks.mjs';

const [chromium, pageDir, illegalPgn, expectedJson, work] = process.argv.slice(2);
const expected = JSON.parse(fs.readFileSync(expectedJson, 'utf8'));
const { check, finish } = checker();

const browser = await Browser.launch(chromium, path.join(work, 'profile'));
try {
    const url = 'file://' + path.resolve(pageDir, 'index.html');
    const page = await browser.open(url);
    const text = (id) => page.evaluate(`document.getElementById(${JSON.stringify(id)}).textContent`);
    const ready = await page.until(`document.body.dataset.ready !== undefined`, 60000);
    const state = await page.evaluate('document.body.dataset.ready');
    check(ready && state === 'yes', `the page loads the reference from ${url} (ready: ${state}; status: ${await text('status')}; ${page.errors.join(' | ')})`);
    if (state !== 'yes') throw new Error('the page did not load');
    check(page.requests.every((u) => u.startsWith('file://') || u.startsWith('data:')),
        `the page fetches nothing but its own folder: ${page.requests.filter((u) => !u.startsWith('file://')).join(' ')}`);

    // a student pastes examples/illegal.pgn and reads it
    await page.evaluate(`document.getElementById('pgn').value = ${JSON.stringify(fs.readFileSync(illegalPgn, 'utf8'))};
        document.getElementById('read').click(); true`);
    const options = await page.evaluate(`[...document.getElementById('game').options].map((o) => o.textContent)`);
    check(options.length === expected.games, `the game list has ${options.length} games, check says ${expected.games}`);
    const castling = options.findIndex((o) => o.includes('castling through an attacked square')) + 1;
    check(castling === expected.game, `the castling game is game ${castling} of the list, ${expected.game} for check`);
    await page.evaluate(`{ const s = document.getElementById('game'); s.value = '${castling}';
        s.dispatchEvent(new Event('change')); true }`);

    // pane A under the Laws, pane B under the paper: each verdict is check's, and names its reading
    const verdictText = (v) => (v.error ? [v.verdict, v.error.rule, `ply ${v.error.ply}`] : [v.verdict, `${v.plies} plies`]);
    const hasAll = (s, parts) => parts.every((p) => s.includes(p));
    let a = await text('a-verdict');
    check(hasAll(a, verdictText(expected.laws)) && a.startsWith(expected.laws.verdict),
        `pane A under the Laws says "${a}", check says ${verdictText(expected.laws).join(', ')}`);
    check((await text('a-reading')) === 'reading: laws', `pane A names its reading: "${await text('a-reading')}"`);
    const b = await text('b-verdict');
    check(hasAll(b, verdictText(expected.paper)) && b.startsWith(expected.paper.verdict),
        `pane B under the paper says "${b}", check --semantics paper says ${verdictText(expected.paper).join(', ')}`);
    check((await text('b-reading')) === 'reading: paper', `pane B names its reading: "${await text('b-reading')}"`);

    // step forward to the castling ply: σ₀, then ply by ply to ply 9, each FEN trace's
    let fensMatch = true;
    for (let k = 1; k < expected.ply; ++k) {
        await page.evaluate(`document.getElementById('next').click(); true`);
        const fen = await page.evaluate(`document.getElementById('a-fen').dataset.fen`);
        if (fen !== expected.laws_fens[k - 1]) {
            fensMatch = false;
            check(false, `pane A after ply ${k}: FEN ${fen}, trace says ${expected.laws_fens[k - 1]}`);
        }
    }
    check(fensMatch, `pane A shows trace's FEN after each of plies 1 to ${expected.ply - 1}`);
    await page.evaluate(`document.getElementById('next').click(); true`);
    const label = await text('ply-label');
    check(label.startsWith(`ply ${expected.ply} of`), `the stepper is at ply ${expected.ply}: "${label}"`);
    const aPly = await text('a-ply');
    check(aPly.includes('⊥') && aPly.includes('castle/through-check'), `pane A marks ply ${expected.ply} ⊥: "${aPly}"`);
    const fenBefore = await page.evaluate(`document.getElementById('a-fen').dataset.fen`);
    check(fenBefore === expected.laws_fens[expected.ply - 2], `pane A shows σ before the ⊥ ply: ${fenBefore}`);
    const rows = () => page.evaluate(`[...document.querySelectorAll('#a-explain table.premises tr')].slice(1).map((r) =>
        [...r.cells].map((c) => c.textContent))`);
    let premises = await rows();
    const falseRow = premises.find((r) => r[2] === 'false');
    check(premises.length === expected.premises_laws.length,
        `pane A lists ${premises.length} premises at ply ${expected.ply}, explain lists ${expected.premises_laws.length}`);
    check(falseRow && falseRow[0] === expected.false_premise.notation && falseRow[3] === 'castle/through-check' &&
        falseRow[4].startsWith('castle-through-check (laws)'),
        `pane A's false premise is explain's: ${JSON.stringify(falseRow)} against ${JSON.stringify(expected.false_premise)}`);

    fs.writeFileSync(path.join(work, 'playground-laws.png'), await page.screenshot());

    // the student reads castle-through-check as the paper prints it, in pane A: the verdict changes
    await page.evaluate(`document.getElementById('a-erratum-castle-through-check').click(); true`);
    a = await text('a-verdict');
    check(a.startsWith('legal') && hasAll(a, verdictText(expected.erratum)),
        `pane A with castle-through-check=paper says "${a}", check --erratum castle-through-check=paper says ${verdictText(expected.erratum).join(', ')}`);
    const aReading = await text('a-reading');
    check(aReading === 'reading: laws, with castle-through-check=paper', `pane A names the mixed reading as check does: "${aReading}"`);
    const aPly2 = await text('a-ply');
    check(aPly2.startsWith(`ply ${expected.ply}: O-O`), `pane A now plays ply ${expected.ply}: "${aPly2}"`);
    const fenAfter = await page.evaluate(`document.getElementById('a-fen').dataset.fen`);
    check(fenAfter === expected.erratum_fen, `pane A shows σ after O-O as trace does under the erratum: ${fenAfter} / ${expected.erratum_fen}`);
    premises = await rows();
    check(premises.length === expected.premises_erratum.length && premises.every((r) => r[2] === 'true'),
        `pane A's premises under the erratum are explain's, all true: ${JSON.stringify(premises.map((r) => r[0]))}`);
    fs.writeFileSync(path.join(work, 'playground-erratum.png'), await page.screenshot());
    const compare = await text('compare');
    check(compare.startsWith(expected.erratum.verdict === expected.paper.verdict && expected.erratum.plies === expected.paper.plies ? 'A and B agree' : 'A and B differ'),
        `the comparison line: "${compare}"`);

    // back to the Laws: the verdict changes back
    await page.evaluate(`document.getElementById('a-erratum-castle-through-check').click(); true`);
    a = await text('a-verdict');
    check(a.startsWith('illegal') && a.includes('castle/through-check'), `pane A back under the Laws says "${a}"`);
    // the whole paper in pane A: every box ticked, the verdict pane B's
    await page.evaluate(`{ const s = document.getElementById('a-semantics'); s.value = 'paper';
        s.dispatchEvent(new Event('change')); true }`);
    const ticked = await page.evaluate(`[...document.querySelectorAll('#pane-a .errata input')].every((b) => b.checked)`);
    check(ticked, 'pane A under the paper ticks every erratum');
    check((await text('a-verdict')) === (await text('b-verdict')) && (await text('a-reading')) === 'reading: paper',
        `pane A under the paper says what pane B says: "${await text('a-verdict')}"`);

    // a position pasted: its legal moves, under the Laws
    await page.evaluate(`document.getElementById('pgn').value = '7k/5Q2/6K1/8/8/8/8/8 b - -';
        document.getElementById('read').click(); true`);
    const moves = await text('moves');
    check(moves === '0 legal moves — stalemate', `a stalemate FEN: "${moves}"`);
    check(page.errors.length === 0, `the page threw or logged no error: ${page.errors.join(' | ')}`);
} catch (e) {
    check(false, `the scenario stopped: ${e.stack}`);
} finally {
    await browser.close();
}
finish();
