// The Node example client of `pgnsem serve` (examples/serve/pgnsem_client.js), used as a user would:
// a good request, then each kind of bad request followed by a good one (tests/cli/serve_clients.sh;
// the same checks as tests/cli/serve_clients.py).
//
//   node serve_clients.js PGNSEM SOURCE_DIR
//
// Each bad request must be refused (`ok` false) with its rule, and the good request after it answered
// as it should be: the server goes on. Prints one line per failed check and a summary; exit 1 on any
// failure.
"use strict";
const path = require("node:path");
const { isDeepStrictEqual } = require("node:util");

const [pgnsem, source] = process.argv.slice(2);
const { PgnsemClient } = require(path.join(path.resolve(source), "examples", "serve", "pgnsem_client.js"));

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - -";
let passed = 0;
let failed = 0;

function check(what, condition, response) {
  if (condition) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL ${what}: ${JSON.stringify(response).slice(0, 300)}`);
  }
}

// A good request after `what`: the stalemate's moves, answered with its own id.
async function good(what, client) {
  const r = await client.ask({ id: "after " + what, op: "moves", fen: STALEMATE });
  check(
    "the good request after " + what,
    r.ok && r.id === "after " + what && r.result.moves.length === 0 && r.result.stalemate === true && r.error === null,
    r,
  );
}

function refused(what, r, rule, id = null) {
  check(`${what} is refused with ${rule}`, r.ok === false && r.error.rule === rule && r.id === id, r);
}

async function main() {
  // serve's limits: perft at most 6 deep and 1,000,000 leaves (depth 6 from the start has 119,060,324)
  const client = new PgnsemClient(pgnsem, ["--perft-depth", "6", "--perft-nodes", "1000000"]);
  let r = await client.ask({ op: "moves", fen: START });
  check(
    "moves of the start position",
    r.ok && r.op === "moves" && r.result.moves.length === 20 &&
      r.result.moves.some((m) => isDeepStrictEqual(m, { uci: "g1f3", san: "Nf3" })),
    r,
  );
  r = await client.ask({ op: "play", fen: START, move: "e4" });
  check(
    "play e4",
    r.ok && r.result.uci === "e2e4" && r.result.fen_after === "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    r,
  );

  r = await client.askLine('{"id": 7, "op": "moves", "fen": ');
  refused("a line that is not JSON", r, "request/json");
  check("a line that is not JSON: the column where it stops", r.error.column === 33, r);
  await good("a line that is not JSON", client);

  r = await client.ask({ id: 8, op: "fly" });
  refused("an unknown operation", r, "request/op", 8);
  await good("an unknown operation", client);

  r = await client.ask({ id: 9, op: "play", fen: START, move: "Ke2" });
  refused("an illegal move", r, "dest/own-piece", 9);
  check("an illegal move: the move object beside the error", r.result !== null && r.result.legal === false, r);
  await good("an illegal move", client);

  r = await client.askLine('{"id": 10, "op": "moves", "pad": "' + "x".repeat(10 << 20) + '"}');
  refused("a request of 10 MiB", r, "request/too-large");
  await good("a request of 10 MiB", client);

  r = await client.ask({ id: 11, op: "perft", depth: 7 });
  refused("perft deeper than --perft-depth", r, "limit/perft-depth", 11);
  await good("perft deeper than --perft-depth", client);

  r = await client.ask({ id: 12, op: "perft", depth: 6 });
  refused("perft over --perft-nodes", r, "limit/perft-nodes", 12);
  await good("perft over --perft-nodes", client);

  r = await client.ask({ op: "perft", depth: 4 });
  check("perft 4 within the limits", r.ok && r.result.nodes === 197281, r);
  const status = await client.close();
  check("the end of the input ends the server with status 0", status === 0, status);

  console.log(`node client (examples/serve/pgnsem_client.js): ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error) => {
  console.log(`FAIL ${error.stack}`);
  process.exitCode = 1;
});
