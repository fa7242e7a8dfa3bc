// Judges the games of a PGN file with pgnsem's reference compiled to WebAssembly, under the Laws and
// under the paper, and looks closer at the game whose verdict one erratum turns: what
// `pgnsem check`, `explain` and `moves` say, as the same JSON objects, in-process.
import fs from 'node:fs';
import { judge, legalMoves, explain, games } from 'pgnsem';

const file = process.argv[2] ?? '../illegal.pgn';
const text = fs.readFileSync(file, 'utf8');
const count = (verdicts) => {
    const by = {};
    for (const v of verdicts) by[v.verdict] = (by[v.verdict] ?? 0) + 1;
    return Object.entries(by).map(([verdict, n]) => `${n} ${verdict}`).join(', ');
};
const said = (v) => (v.error ? `${v.verdict} at ply ${v.error.ply} (${v.error.written}): ${v.error.rule}` : `${v.verdict}, ${v.plies} plies`);

const laws = judge(text, 'laws', { file });
const paper = judge(text, { semantics: 'paper' }, { file });
console.log(`laws: ${count(laws)}`);
console.log(`paper: ${count(paper)}`);

const event = (g) => (g.tags.find(([name]) => name === 'Event') ?? [])[1];
const castling = games(text).find((g) => event(g) === 'castling through an attacked square');
if (castling) {
    const n = castling.game;
    const mixed = { errata: { 'castle-through-check': 'paper' } };
    console.log(`game ${n}, ${event(castling)}:`);
    console.log(`  ${laws[n - 1].reading.name}: ${said(laws[n - 1])}`);
    const turned = judge(text, mixed, { file })[n - 1];
    console.log(`  ${turned.reading.name} (${turned.reading.as_printed.join(', ')}): ${said(turned)}`);
    const x = explain(text, { game: n });
    for (const p of x.premises.filter((p) => !p.value)) console.log(`  the false premise: ${p.notation} (${p.rule})`);
}
const start = legalMoves('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
console.log(`legal moves at the start: ${start.moves.length} (${start.moves.slice(0, 5).map((m) => m.san).join(' ')} …)`);
