// The ES module (build/playground/module/pgnsem.mjs) held to the command line's answers, which
// tests/wasm/playground.sh wrote into WORK_DIR:
//   node tests/wasm/module.mjs MODULE WORK_DIR ILLEGAL_PGN GAME FILE.pgn...
// For each file, NAME.laws.jsonl and NAME.paper.jsonl are `pgnsem check --format jsonl` under the
// Laws and under --semantics paper. Prints one line a check that failed, then "N passed, M failed".
import fs from 'node:fs';
import path from 'node:path';
import { checker } from './checks.mjs';

const [modulePath, work, illegal, gameText, ...files] = process.argv.slice(2);
const game = Number(gameText);
const pgnsem = await import(path.resolve(modulePath));
const { check, finish } = checker();
const jsonl = (name) => fs.readFileSync(path.join(work, name), 'utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const throwsRule = (f, rule, what) => {
    try {
        f();
        check(false, `${what}: nothing thrown`);
    } catch (e) {
        check(e instanceof pgnsem.PgnsemError && e.rule === rule, `${what}: ${e} (rule ${e.rule}), not ${rule}`);
    }
};

let games = 0;
for (const file of files) {
    const name = path.basename(file, '.pgn');
    const text = fs.readFileSync(file, 'utf8');
    for (const [reading, suffix] of [['laws', 'laws'], [{ semantics: 'paper' }, 'paper']]) {
        const expected = jsonl(`${name}.${suffix}.jsonl`);
        const actual = pgnsem.judge(text, reading, { file });
        check(actual.length === expected.length, `${name} (${suffix}): ${actual.length} verdicts, check writes ${expected.length}`);
        for (let i = 0; i < Math.min(actual.length, expected.length); ++i) {
            const a = actual[i], e = expected[i];
            const rule = (v) => (v.error ? v.error.rule : null);
            check(a.verdict === e.verdict && a.plies === e.plies && rule(a) === rule(e),
                `${name} game ${i + 1} (${suffix}): ${a.verdict}, ${a.plies} plies, ${rule(a)}; check: ${e.verdict}, ${e.plies} plies, ${rule(e)}`);
            check(same(a, e), `${name} game ${i + 1} (${suffix}): the verdict object is not check's:\n  ${JSON.stringify(a)}\n  ${JSON.stringify(e)}`);
        }
        games += actual.length;
    }
}
console.log(`judge: ${games} verdicts of ${files.length} files under two readings compared with check's`);

// one erratum read as printed changes the castling game's verdict, as --erratum does
const illegalText = fs.readFileSync(illegal, 'utf8');
const mixed = pgnsem.judge(illegalText, { errata: { 'castle-through-check': 'paper' } })[game - 1];
check(mixed.verdict === 'legal' && same(mixed.reading, { name: 'mixed', as_printed: ['castle-through-check'] }),
    `judge with castle-through-check=paper: ${mixed.verdict}, reading ${JSON.stringify(mixed.reading)}`);

const moves = pgnsem.legalMoves('7k/5Q2/6K1/8/8/8/8/8 b - -');
check(same(moves, jsonl('moves.jsonl')[0]), `legalMoves is moves' object: ${JSON.stringify(moves)}`);
const start = pgnsem.legalMoves('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'laws');
check(same(start, jsonl('moves-start.jsonl')[0]) && start.moves.length === 20, 'legalMoves of the start position: 20, moves\' object');
const explained = pgnsem.explain(illegalText, { game, reading: 'paper', file: illegal });
check(same(explained, jsonl('explain-paper.jsonl')[0]), `explain under the paper is explain's object`);
check(same(pgnsem.errata(), jsonl('errata.jsonl')), 'errata() is errata\'s objects');
const steps = pgnsem.trace('1. e4 e5 2. Ke3 *', { game: 1 });
check(steps.length === 3 && steps[2].legal === false && steps[2].error.rule === 'src/unreachable',
    `trace: two defined plies and the ⊥ step: ${JSON.stringify(steps.map((s) => s.error?.rule ?? s.san))}`);

throwsRule(() => pgnsem.judge('1. e4 *', { errata: { 'no-such-erratum': 'paper' } }), 'request/reading', 'an unknown erratum');
throwsRule(() => pgnsem.judge('1. e4 *', { semantics: 'laws', engine: 'fast' }), 'request/reading', 'a reading member the module does not take');
throwsRule(() => pgnsem.legalMoves('8/8/8/8/8/8/8/8 w - -', 'paper'), 'request/reading', 'legalMoves under the paper');
throwsRule(() => pgnsem.legalMoves('not a fen'), 'syntax/fen', 'legalMoves of a FEN that does not parse');
throwsRule(() => pgnsem.explain('1. e4 *', { game: 2 }), 'request/game', 'explain of a game the text lacks');
// a text larger than the stack a string argument would have been put on (5 MiB)
const big = pgnsem.judge(`{${'x'.repeat(8 << 20)}} 1. e4 e5 *`);
check(big.length === 1 && big[0].verdict === 'legal' && big[0].plies === 2, 'judge reads a game of 8 MiB');

finish();
