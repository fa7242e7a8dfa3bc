"""A client of `pgnsem serve` in Python 3, standard library only: copy this file next to your code.

    from pgnsem_client import PgnsemClient

    with PgnsemClient("build/release/pgnsem") as pgnsem:
        r = pgnsem.ask({"op": "moves", "fen": "7k/5Q2/6K1/8/8/8/8/8 b - -"})
        print(r["ok"], r["result"]["stalemate"])  # True True

One `pgnsem serve` process answers every question: ask() writes one request line and reads its
response line, so the questions are asked one at a time, each answered before the next is sent.
"""
import json
import subprocess


class PgnsemClient:
    def __init__(self, pgnsem="pgnsem", *options):
        """Starts `pgnsem serve` (the binary `pgnsem`, with serve's `options`, e.g. "--perft-depth", "6")."""
        self.process = subprocess.Popen([pgnsem, "serve", *options], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, encoding="utf-8")
        self.last_id = 0

    def ask(self, request):
        """The response (a dict) to one request (a dict with "op"); it is given an "id" if it has none."""
        request = {"id": self.last_id + 1, **request}
        self.last_id += 1
        response = self.ask_line(json.dumps(request))
        if response["id"] != request["id"]:
            raise RuntimeError("pgnsem serve answered id %r to id %r" % (response["id"], request["id"]))
        return response

    def ask_line(self, text):
        """The response to one line of text, sent as it is (JSON or not; not blank: a blank line has no response)."""
        if "\n" in text or not text.strip():
            raise ValueError("a request is one line that is not blank")
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise EOFError("pgnsem serve ended (exit status %s)" % self.process.wait())
        return json.loads(line)

    def close(self):
        """Ends the input, which ends the server; its exit status (0)."""
        self.process.stdin.close()
        status = self.process.wait()
        self.process.stdout.close()
        return status

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
