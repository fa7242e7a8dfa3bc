// pgn-reader's reader alone, for scripts/bench's `read` part: every game of FILE streamed through
// pgn_reader::Reader with a visitor that ignores the tags and counts the main line's SANs (which the
// reader has already parsed into SanPlus when it calls `san`); variations are skipped, as in the
// validate driver of ../shared/peers/pgnreader. No position is set up and no move is resolved or
// played: set beside `pgnreader-validate`, this splits pgn-reader's time into reading and the rest,
// as bench/pgn_read_bench.cpp does for pgnsem. scripts/bench builds it with cargo, offline, against
// the shakmaty checkout and vendored crates that ../shared/peers/build.sh left in $PEERS.
// usage: pgnreader-read FILE.pgn
use std::{env, fs::File, io, ops::ControlFlow, process};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};

struct Counter {
    plies: u64,
}

impl Visitor for Counter {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _tags: &mut (), _name: &[u8], _value: RawTag<'_>) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _movetext: &mut (), _san: SanPlus) -> ControlFlow<Self::Output> {
        self.plies += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _movetext: ()) -> Self::Output {}
}

fn main() -> io::Result<()> {
    let path = env::args().nth(1).unwrap_or_else(|| {
        eprintln!("usage: pgnreader-read FILE.pgn");
        process::exit(2);
    });
    let mut reader = Reader::new(File::open(&path)?);
    let mut counter = Counter { plies: 0 };
    let mut games = 0u64;
    while reader.read_game(&mut counter)?.is_some() {
        games += 1;
    }
    println!("pgn-reader read: games={games} plies={}", counter.plies);
    Ok(())
}
