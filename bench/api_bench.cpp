// Times judging a file's games through the public interface (pgnsem/api.hpp: GameReader::open, then
// a verdict for each game) against `pgnsem check -j 1 --format jsonl --quiet` on the same file, in the
// same rounds, and prints the API's speed over check's.
//
// Usage: api_bench [--runs N] [--pgnsem PATH] FILE.pgn
//        api_bench --once judge|Judge FILE.pgn  (one API side once, in this process, for a profiler:
//                                                 no child, nothing timed; prints the counts)
//
// Each side runs as a child process of this one, timed from its start to its end (wall time, and the
// CPU time wait4 reports): check with its output to /dev/null; the API in a forked child that reads
// the file with GameReader and judges every game, twice over — `api::judge(game)` (a call that sets
// up everything anew) and `api::Judge` (one judge reused for every game) — keeping each verdict's
// counts and the length of its JSON, as a program that uses the verdicts would read them. First each
// side runs once untimed: the API's verdict objects, one a line, must be the bytes check writes (their
// hash is compared), and the counts are printed. Then --runs rounds (7 by default), every side once a
// round in an order rotated each round. Printed: a line per side (median, minimum, maximum wall time,
// median CPU time, games/s from the median), then the API's time over check's by the ratio of medians,
// the median of the paired (same-round) ratios and the ratio of the best runs, against the goal: the
// API within 1.1x of check -j 1. The last line, `api_bench ...`, is the same figures for a script.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "pgnsem/api.hpp"

extern char** environ;

namespace {

namespace api = pgnsem::api;

// What a side saw: the games and plies, the games by verdict, the bytes of the verdict objects (a
// newline after each) and their FNV-1a hash (only when asked: the timed runs do not hash).
struct Counts {
    std::uint64_t games = 0, plies = 0, bytes = 0, hash = 0xcbf29ce484222325u;
    std::array<std::uint64_t, 4> by_verdict{};
    bool failed = false;
};

void fnv(std::uint64_t& h, std::string_view bytes) {
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3u;
    }
}

void add(Counts& c, const api::Verdict& v, bool hash) {
    ++c.games;
    c.plies += v.plies;
    ++c.by_verdict[static_cast<std::size_t>(v.verdict)];
    c.bytes += v.json.size() + 1;
    if (hash) {
        fnv(c.hash, v.json);
        fnv(c.hash, "\n");
    }
}

enum class Way { Fresh, Reused };

Counts judge_file(const std::string& path, Way way, bool hash) {
    Counts c;
    try {
        api::GameReader reader = api::GameReader::open(path);
        if (way == Way::Fresh) {
            while (const auto game = reader.next()) add(c, api::judge(*game), hash);
        } else {
            api::Judge judge;
            api::Verdict v;
            while (const auto game = reader.next()) {
                judge.judge(*game, v);
                add(c, v, hash);
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "api_bench: %s\n", e.what());
        c.failed = true;
    }
    return c;
}

struct Run {
    double wall = 0, cpu = 0;
    int status = 0;
    Counts counts;
};

double seconds_of(const rusage& r) {
    return static_cast<double>(r.ru_utime.tv_sec + r.ru_stime.tv_sec) +
           static_cast<double>(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6;
}

// The API side in a forked child (a fresh heap, timed as check is), its counts sent back by a pipe.
Run run_api(const std::string& path, Way way, bool hash) {
    int fds[2];
    if (pipe(fds) != 0) {
        std::perror("api_bench: pipe");
        std::exit(2);
    }
    std::fflush(nullptr);
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid < 0) {
        std::perror("api_bench: fork");
        std::exit(2);
    }
    if (pid == 0) {
        close(fds[0]);
        const Counts c = judge_file(path, way, hash);
        const ssize_t n = write(fds[1], &c, sizeof c);
        _exit(n == static_cast<ssize_t>(sizeof c) && !c.failed ? 0 : 1);
    }
    close(fds[1]);
    Run r;
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.cpu = seconds_of(usage);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (read(fds[0], &r.counts, sizeof r.counts) != static_cast<ssize_t>(sizeof r.counts)) r.counts.failed = true;
    close(fds[0]);
    return r;
}

// `pgnsem check -j 1 --format jsonl --quiet FILE`, its output to /dev/null, or hashed when asked.
Run run_check(const std::string& pgnsem, const std::string& path, bool hash) {
    std::vector<std::string> args{pgnsem, "check", "-j", "1", "--format", "jsonl", "--quiet", path};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int fds[2] = {-1, -1};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (hash) {
        if (pipe(fds) != 0) {
            std::perror("api_bench: pipe");
            std::exit(2);
        }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
        posix_spawn_file_actions_addclose(&actions, fds[0]);
        posix_spawn_file_actions_addclose(&actions, fds[1]);
    } else {
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    }
    Run r;
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    if (const int e = posix_spawn(&pid, pgnsem.c_str(), &actions, nullptr, argv.data(), environ); e != 0) {
        std::fprintf(stderr, "api_bench: cannot run %s: %s\n", pgnsem.c_str(), std::strerror(e));
        std::exit(2);
    }
    posix_spawn_file_actions_destroy(&actions);
    if (hash) {
        close(fds[1]);
        std::array<char, 1 << 16> buffer;
        for (ssize_t n; (n = read(fds[0], buffer.data(), buffer.size())) > 0;) {
            const std::string_view chunk(buffer.data(), static_cast<std::size_t>(n));
            fnv(r.counts.hash, chunk);
            r.counts.bytes += chunk.size();
            r.counts.games += static_cast<std::uint64_t>(std::count(chunk.begin(), chunk.end(), '\n'));
        }
        close(fds[0]);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.cpu = seconds_of(usage);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return r;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Side {
    std::string name;
    std::function<Run(bool)> run;
    std::vector<Run> runs;
    [[nodiscard]] std::vector<double> walls() const {
        std::vector<double> w;
        for (const Run& r : runs) w.push_back(r.wall);
        return w;
    }
};

}  // namespace

int main(int argc, char** argv) {
    int runs = 7;
    std::string pgnsem = PGNSEM_BINARY, path, once;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--runs" && i + 1 < argc) {
            runs = std::atoi(argv[++i]);
        } else if (a == "--once" && i + 1 < argc) {
            once = argv[++i];
        } else if (a == "--pgnsem" && i + 1 < argc) {
            pgnsem = argv[++i];
        } else if (!a.empty() && a[0] != '-' && path.empty()) {
            path = a;
        } else {
            path.clear();
            break;
        }
    }
    const auto usage = [] {
        std::fprintf(stderr,
                     "usage: api_bench [--runs N] [--pgnsem PATH] FILE.pgn\n"
                     "       api_bench --once judge|Judge FILE.pgn\n");
        return 2;
    };
    if (!once.empty()) {
        if (path.empty() || (once != "judge" && once != "Judge")) return usage();
        const Counts c = judge_file(path, once == "judge" ? Way::Fresh : Way::Reused, false);
        std::printf("games %llu plies %llu bytes %llu\n", static_cast<unsigned long long>(c.games),
                    static_cast<unsigned long long>(c.plies), static_cast<unsigned long long>(c.bytes));
        return c.failed ? 1 : 0;
    }
    if (path.empty() || runs < 1 || pgnsem.empty()) return usage();
    std::vector<Side> sides;
    sides.push_back({"pgnsem check -j 1", [&](bool hash) { return run_check(pgnsem, path, hash); }, {}});
    sides.push_back({"API judge(game)", [&](bool hash) { return run_api(path, Way::Fresh, hash); }, {}});
    sides.push_back({"API Judge::judge(game, v)", [&](bool hash) { return run_api(path, Way::Reused, hash); }, {}});

    char load[64] = "?";
    if (std::FILE* f = std::fopen("/proc/loadavg", "r")) {
        if (std::fgets(load, sizeof load, f) == nullptr) std::strcpy(load, "?");
        std::fclose(f);
        // the three load averages, not the runnable and last process
        for (int spaces = 0, i = 0; load[i] != '\0'; ++i)
            if (load[i] == ' ' && ++spaces == 3) load[i] = '\0';
    }
    std::printf("api_bench on %s; pgnsem %s; %ld cores; load average %s\n", path.c_str(), pgnsem.c_str(),
                sysconf(_SC_NPROCESSORS_ONLN), load);

    // The untimed first run of each: the same verdict objects, byte for byte.
    bool ok = true;
    const Run check = sides[0].run(true);
    std::printf("  sanity (untimed): %s exit %d, %llu verdicts, %llu bytes\n", sides[0].name.c_str(), check.status,
                static_cast<unsigned long long>(check.counts.games),
                static_cast<unsigned long long>(check.counts.bytes));
    ok = ok && check.status <= 1;
    for (std::size_t s = 1; s < sides.size(); ++s) {
        const Run r = sides[s].run(true);
        const Counts& c = r.counts;
        const bool same = c.hash == check.counts.hash && c.bytes == check.counts.bytes && c.games == check.counts.games;
        std::printf(
            "  sanity (untimed): %s exit %d, %llu games, %llu plies: %llu legal, %llu illegal, %llu malformed, "
            "%llu unsupported; %llu bytes of JSON, %s\n",
            sides[s].name.c_str(), r.status, static_cast<unsigned long long>(c.games),
            static_cast<unsigned long long>(c.plies), static_cast<unsigned long long>(c.by_verdict[0]),
            static_cast<unsigned long long>(c.by_verdict[1]), static_cast<unsigned long long>(c.by_verdict[2]),
            static_cast<unsigned long long>(c.by_verdict[3]), static_cast<unsigned long long>(c.bytes),
            same ? "the bytes check writes" : "DIFFERS from check's output");
        ok = ok && same && r.status == 0;
    }

    for (int round = 0; round < runs; ++round)
        for (std::size_t k = 0; k < sides.size(); ++k) {
            Side& s = sides[(k + static_cast<std::size_t>(round)) % sides.size()];
            s.runs.push_back(s.run(false));
            if (s.runs.back().status > 1) ok = false;
        }

    const double games = static_cast<double>(check.counts.games);
    std::printf("%d rounds, order rotated each round:\n", runs);
    std::printf("  %-28s %8s %8s %8s %8s %10s   %s\n", "side", "median", "min", "max", "CPU", "games/s",
                "time / check's: wall by medians, paired, best; CPU by medians, paired");
    const Side& ref = sides[0];
    std::string summary = "api_bench";
    for (const Side& s : sides) {
        const std::vector<double> w = s.walls();
        std::vector<double> cpu, ref_cpu, paired, paired_cpu;
        for (std::size_t i = 0; i < s.runs.size(); ++i) {
            cpu.push_back(s.runs[i].cpu);
            ref_cpu.push_back(ref.runs[i].cpu);
            paired.push_back(s.runs[i].wall / ref.runs[i].wall);
            paired_cpu.push_back(s.runs[i].cpu / ref.runs[i].cpu);
        }
        const double med = median(w), best = *std::min_element(w.begin(), w.end());
        const double by_medians = med / median(ref.walls()), by_paired = median(paired);
        const std::vector<double> ref_walls = ref.walls();
        const double by_best = best / *std::min_element(ref_walls.begin(), ref_walls.end());
        std::printf("  %-28s %7.3fs %7.3fs %7.3fs %7.3fs %10.0f", s.name.c_str(), med, best,
                    *std::max_element(w.begin(), w.end()), median(cpu), games / med);
        if (&s != &ref)
            std::printf("   %.3fx  %.3fx  %.3fx; %.3fx  %.3fx", by_medians, by_paired, by_best,
                        median(cpu) / median(ref_cpu), median(paired_cpu));
        std::printf("\n");
        char part[200];
        std::snprintf(part, sizeof part, " | %s median %.3f cpu %.3f paired %.3f paired_cpu %.3f", s.name.c_str(), med,
                      median(cpu), by_paired, median(paired_cpu));
        summary += part;
    }
    std::printf(
        "  goal: the API within 1.1x of check -j 1's time (the paired ratio; on a loaded machine, read the CPU "
        "time's)\n");
    std::printf("%s\n", summary.c_str());
    return ok ? 0 : 1;
}
