// tests/cli/chess960_games.sh's independent replay: every game of a PGN file (split at its [Event
// tags: the games need not be separated by blank lines) read by chessops, which knows Chess960,
// replayed move by move from the position of its tags; one JSON line a game, in order: the plies
// played, the first move chessops cannot play (null), and the FEN reached.
// Arguments: CHESSOPS_DIR (the folder npm installed chessops into) PGN_FILE
import { readFileSync } from 'fs';
import { resolve } from 'path';
import { pathToFileURL } from 'url';
const module = (name) => import(pathToFileURL(resolve(process.argv[2], 'node_modules/chessops/dist/esm', name)).href);
const { parsePgn, startingPosition } = await module('pgn.js');
const { parseSan } = await module('san.js');
const { makeFen } = await module('fen.js');
const text = readFileSync(process.argv[3], 'latin1');
for (const one of text.split(/(?=^\[Event )/m).filter(t => t.startsWith('[Event'))) {
  const [game] = parsePgn(one);
  const pos = startingPosition(game.headers).unwrap();
  let plies = 0, error = null;
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) { error = node.san; break; }
    pos.play(move);
    plies++;
  }
  console.log(JSON.stringify({ plies, error, fen: makeFen(pos.toSetup()) }));
}
