// The comparer of tests/cli/moves_chessjs.sh: reads `pgnsem moves --format jsonl` objects, one a
// line, and asks chess.js (an independent implementation, installed by the script) the same of
// each position: every legal move as UCI and SAN, sorted by UCI, and check, checkmate, stalemate.
// Prints each difference, then a summary; exits 1 on any difference.
// Usage: node moves_chessjs.js CHESSJS_DIR PGNSEM_JSONL
'use strict';
const path = require('path');
const fs = require('fs');
const chessjs = path.resolve(process.argv[2], 'node_modules', 'chess.js');
const { Chess } = require(chessjs);
const lines = fs.readFileSync(process.argv[3], 'utf8').split('\n').filter((l) => l.length > 0);
let positions = 0, moves = 0, differ = 0, refused = 0;
const report = (text) => { if (differ + refused <= 20) console.log(text); };
for (const line of lines) {
  const ours = JSON.parse(line);
  let chess;
  try {
    chess = new Chess(ours.fen);
  } catch (e) {
    refused++;
    report(`chess.js refuses ${ours.fen}: ${e.message}`);
    continue;
  }
  const theirs = chess.moves({ verbose: true })
    .map((m) => ({ uci: m.from + m.to + (m.promotion || ''), san: m.san }))
    .sort((a, b) => (a.uci < b.uci ? -1 : a.uci > b.uci ? 1 : 0));
  const flags = { check: chess.isCheck(), checkmate: chess.isCheckmate(), stalemate: chess.isStalemate() };
  positions++;
  moves += theirs.length;
  const a = JSON.stringify(ours.moves), b = JSON.stringify(theirs);
  const problems = [];
  if (a !== b) {
    const ourSet = new Set(ours.moves.map((m) => m.uci + ' ' + m.san));
    const theirSet = new Set(theirs.map((m) => m.uci + ' ' + m.san));
    problems.push('only pgnsem: ' + [...ourSet].filter((m) => !theirSet.has(m)).join(', '));
    problems.push('only chess.js: ' + [...theirSet].filter((m) => !ourSet.has(m)).join(', '));
  }
  for (const k of ['check', 'checkmate', 'stalemate'])
    if (ours[k] !== flags[k]) problems.push(`${k}: pgnsem ${ours[k]}, chess.js ${flags[k]}`);
  if (problems.length > 0) {
    differ++;
    report(`DIFFERENT ${ours.fen}\n  ` + problems.join('\n  '));
  }
}
console.log(`chess.js ${require(path.join(chessjs, 'package.json')).version}: ` +
            `${positions} positions compared, ${moves} legal moves, ${differ} differ, ${refused} refused by chess.js`);
process.exit(differ + refused > 0 || positions === 0 ? 1 : 0);
