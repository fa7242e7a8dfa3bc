// The one-position subcommands `moves` and `san` (app/moves_report.hpp), declared on the
// command line apart from app/cli/main.cpp.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pgnsem::cli {

class PositionCommands {
public:
    explicit PositionCommands(CLI::App& app);
    // The exit status of the subcommand that ran, or nullopt when neither was asked for.
    [[nodiscard]] std::optional<int> run() const;

private:
    CLI::App* moves_ = nullptr;
    CLI::App* san_ = nullptr;
    std::string moves_fen_, moves_format_ = "text";
    std::string san_fen_, san_format_ = "text";
    bool san_strict_ = false;
    bool moves_chess960_ = false, san_chess960_ = false, moves_shredder_ = false, san_shredder_ = false;
    std::vector<std::string> san_tokens_;
};

// Adds `moves` and `san` to `app`; the object holds their options (it must outlive the parse).
[[nodiscard]] std::unique_ptr<PositionCommands> add_position_commands(CLI::App& app);

}  // namespace pgnsem::cli
