// A client of `pgnsem serve` in Node 18 or later, no npm package: copy this file next to your code.
//
//   const { PgnsemClient } = require("./pgnsem_client.js");
//
//   const pgnsem = new PgnsemClient("build/release/pgnsem");
//   const r = await pgnsem.ask({ op: "moves", fen: "7k/5Q2/6K1/8/8/8/8/8 b - -" });
//   console.log(r.ok, r.result.stalemate);  // true true
//   await pgnsem.close();
//
// One `pgnsem serve` process answers every question: ask() writes one request line and reads its
// response line, so await each answer before asking the next question.
"use strict";
const { spawn } = require("node:child_process");
const readline = require("node:readline");
const { isDeepStrictEqual } = require("node:util");

class PgnsemClient {
  // Starts `pgnsem serve` (the binary `pgnsem`, with serve's `options`, e.g. ["--perft-depth", "6"]).
  constructor(pgnsem = "pgnsem", options = []) {
    this.process = spawn(pgnsem, ["serve", ...options], { stdio: ["pipe", "pipe", "inherit"] });
    this.process.on("error", (error) => (this.error = error)); // not started: the next answer throws it
    this.lines = readline.createInterface({ input: this.process.stdout })[Symbol.asyncIterator]();
    this.lastId = 0;
  }

  // The response (an object) to one request (an object with `op`); it is given an `id` if it has none.
  async ask(request) {
    request = { id: ++this.lastId, ...request };
    const response = await this.askLine(JSON.stringify(request));
    if (!isDeepStrictEqual(response.id, request.id)) {
      throw new Error(`pgnsem serve answered id ${JSON.stringify(response.id)} to id ${JSON.stringify(request.id)}`);
    }
    return response;
  }

  // The response to one line of text, sent as it is (JSON or not; not blank: a blank line has no response).
  async askLine(text) {
    if (text.includes("\n") || text.trim() === "") throw new Error("a request is one line that is not blank");
    this.process.stdin.write(text + "\n");
    const { value, done } = await this.lines.next();
    if (done) throw this.error ?? new Error(`pgnsem serve ended (exit status ${this.process.exitCode})`);
    return JSON.parse(value);
  }

  // Ends the input, which ends the server; resolves to its exit status (0).
  close() {
    this.process.stdin.end();
    return new Promise((resolve) => {
      if (this.process.exitCode !== null) resolve(this.process.exitCode);
      else this.process.on("exit", (code) => resolve(code));
    });
  }
}

module.exports = { PgnsemClient };
