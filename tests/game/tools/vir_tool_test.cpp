// The `vir` tool (game/tools/vir_tool.h) in process: info as text and JSON for each form and format version,
// verify's three outcomes, convert both ways and back, and every bad command line naming what is wrong.
// Runs from the source tree (CTest's working directory), whose assets/ are the game's models.
#include "engine/platform/temp_directory.h"
#include "game/sim/sim_test_support.h"

#include "sim/share_code.h"
#include "vir_tool.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace invaders::test {
namespace {

// Recorded by the game (with the models of assets/), in file format 1: the demo's seed 5, 18,000 steps.
constexpr const char* kFormatOneRecording = "tests/data/replays/demo-seed5-18000.vir";
// Recorded by the game in file format 2: the demo's seed 7, 1,200 steps; and the same with one input
// changed and the checksum made right, so that it departs at 0:12, step 720.
constexpr const char* kRecording = "tests/data/replays/demo-seed7-1200.vir";
constexpr const char* kEdited = "tests/data/replays/edited/demo-seed7-1200-edited.vir";

struct Outcome {
    int status = -1;
    std::string out;
    std::string err;
};

Outcome vir(const std::vector<std::string>& arguments,
            const std::vector<std::filesystem::path>& assetFolders = {"assets"}) {
    std::ostringstream out, err;
    const int status = vir::runVir(arguments, out, err, assetFolders);
    return {status, out.str(), err.str()};
}

std::string contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos ? "" : "\"" + part + "\" not in: " + text;
}

SimSettings boardSettingsForTest() {
    SimSettings settings{5, 2, Difficulty::Hard};
    settings.startingShips = 6;
    settings.extraShipScore = 1000;
    return settings;
}

std::string readText(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

TEST(VirTool, InfoPrintsTheRunsMetadata) {
    const Outcome info = vir({"info", kRecording});
    ASSERT_EQ(info.status, vir::kExitOk) << info.err;
    for (const char* line : {"form: .vir file (format version 2)\n", "seed: 7\n", "players: 1\n",
                             "difficulty: arcade\n", "starting ships: 3\n", "extra ship at: 1500 points\n",
                             "steps: 1200\n", "duration: 0:20 (20.000 s)\n",
                             "hash chain: 20 links (one a second), 64-bit digests\n", "final state hash: "})
        EXPECT_EQ(contains(info.out, line), "");
    const Outcome old = vir({"info", kFormatOneRecording});
    ASSERT_EQ(old.status, vir::kExitOk) << old.err;
    EXPECT_EQ(contains(old.out, "form: .vir file (format version 1)\n"), "");
    EXPECT_EQ(contains(old.out, "duration: 5:00 (300.000 s)\n"), "");
    EXPECT_EQ(contains(old.out, "hash chain: none (format version 1 recorded none)\n"), "");
}

TEST(VirTool, InfoJsonIsOneObjectWithEveryField) {
    const Outcome json = vir({"info", "--json", kRecording});
    ASSERT_EQ(json.status, vir::kExitOk) << json.err;
    EXPECT_TRUE(json.out.starts_with("{\"form\": \"vir\", \"format_version\": 2, ")) << json.out;
    for (const char* field :
         {"\"seed\": 7,", "\"players\": 1,", "\"difficulty\": \"arcade\",", "\"starting_ships\": 3,",
          "\"extra_ship_score\": 1500,", "\"steps\": 1200,", "\"seconds\": 20.000,",
          "\"duration\": \"0:20\",", "\"chain_links\": 20,", "\"chain_digest_bits\": 64,",
          "\"game_version\": \"", "\"final_state_hash\": \""})
        EXPECT_EQ(contains(json.out, field), "");
    EXPECT_TRUE(json.out.ends_with("\"}\n")) << json.out;

    // A code given on the command line: no game version, the chain's 16-bit digests.
    Replay run = recordPilotRun(boardSettingsForTest(), 130);
    const Outcome code = vir({"info", encodeShareCode(run), "--json"});
    ASSERT_EQ(code.status, vir::kExitOk) << code.err;
    for (const char* field :
         {"\"form\": \"share-code\", \"format_version\": 2,", "\"game_version\": null,", "\"players\": 2,",
          "\"difficulty\": \"hard\",", "\"starting_ships\": 6,", "\"extra_ship_score\": 1000,",
          "\"chain_links\": 2,", "\"chain_digest_bits\": 16,"})
        EXPECT_EQ(contains(code.out, field), "");
}

TEST(VirTool, VerifySaysVerifiedDepartsOrUnreadable) {
    const Outcome verified = vir({"verify", kRecording});
    EXPECT_EQ(verified.status, vir::kExitOk) << verified.out << verified.err;
    EXPECT_EQ(contains(verified.out, "verified: 1200 steps (0:20), 20 seconds of its hash chain"), "");
    const Outcome old = vir({"verify", kFormatOneRecording});
    EXPECT_EQ(old.status, vir::kExitOk) << old.out << old.err;
    EXPECT_EQ(contains(old.out, "verified: 18000 steps (5:00), no hash chain"), "");

    const Outcome departs = vir({"verify", kEdited});
    EXPECT_EQ(departs.status, vir::kExitDeparts) << departs.out << departs.err;
    EXPECT_EQ(contains(departs.out, std::string(kEdited) + ": the replay departs at 0:12, step 720"), "");

    const Outcome missing = vir({"verify", "no-such-run.vir"});
    EXPECT_EQ(missing.status, vir::kExitUnreadable);
    EXPECT_EQ(contains(missing.err, "vir verify: no-such-run.vir: no such file, and not a share code"), "");
    const Outcome damaged = vir({"verify", "VIR2-AAAAAAAA"});
    EXPECT_EQ(damaged.status, vir::kExitUnreadable);
    EXPECT_EQ(contains(damaged.err, "vir verify: run code: "), "");

    // Verifying needs the models the run was recorded with: none found is unreadable, named.
    const vox::test::TempDirectory empty;
    const Outcome noModels = vir({"verify", kRecording}, {empty.path() / "missing"});
    EXPECT_EQ(noModels.status, vir::kExitUnreadable);
    EXPECT_EQ(contains(noModels.err, "were not found; give their folder with --assets DIR"), "");
    const Outcome badModels = vir({"verify", kRecording, "--assets", empty.path().string()});
    EXPECT_EQ(badModels.status, vir::kExitUnreadable);
    EXPECT_EQ(contains(badModels.err, "invader_brute.vox"), "");
}

TEST(VirTool, ConvertsAFileToACodeAndBack) {
    const vox::test::TempDirectory temp;
    const std::filesystem::path code = temp.path() / "code.txt";
    const std::filesystem::path back = temp.path() / "back.vir";
    const Outcome toCode = vir({"convert", kRecording, "-o", code.string()});
    ASSERT_EQ(toCode.status, vir::kExitOk) << toCode.err;
    vox::Result<Replay> recorded = readReplayFile(kRecording);
    ASSERT_TRUE(recorded.ok());
    EXPECT_EQ(readText(code), encodeShareCode(recorded.value()) + "\n");

    const Outcome toFile = vir({"convert", code.string(), "--output=" + back.string()});
    ASSERT_EQ(toFile.status, vir::kExitOk) << toFile.err;
    vox::Result<Replay> converted = readReplayFile(back);
    ASSERT_TRUE(converted.ok()) << converted.error().message;
    EXPECT_EQ(converted.value().inputs, recorded.value().inputs);
    EXPECT_EQ(converted.value().chain.digestBits, kShortDigestBits);
    EXPECT_EQ(converted.value().chain.digests.size(), 20u);
    EXPECT_EQ(encodeShareCode(converted.value()), encodeShareCode(recorded.value())) << "the same code again";
    EXPECT_EQ(vir({"verify", back.string()}).status, vir::kExitOk);

    // A code given as the argument, to a file.
    const std::filesystem::path fromArgument = temp.path() / "argument.vir";
    EXPECT_EQ(vir({"convert", encodeShareCode(recorded.value()), "-o", fromArgument.string()}).status,
              vir::kExitOk);
    EXPECT_TRUE(std::filesystem::exists(fromArgument));
    EXPECT_FALSE(std::filesystem::exists(temp.path() / "argument.vir.tmp"));

    const Outcome unwritable = vir({"convert", kRecording, "-o", (temp.path() / "no" / "code.txt").string()});
    EXPECT_EQ(unwritable.status, vir::kExitUnreadable);
    EXPECT_EQ(contains(unwritable.err, "cannot write it"), "");
}

TEST(VirTool, BadCommandLinesNameWhatIsWrong) {
    const std::pair<std::vector<std::string>, std::string> cases[] = {
        {{}, "vir: no command given"},
        {{"show", kRecording}, "unknown command 'show' (the commands are info, verify and convert)"},
        {{"info"}, "info: no run given"},
        {{"info", kRecording, "--jsn"}, "info: unknown flag '--jsn' (info takes --json)"},
        {{"info", kRecording, "--json", "--json"}, "info: --json is given twice"},
        {{"info", kRecording, kRecording}, "info: unexpected argument"},
        {{"verify", kRecording, "--json"}, "verify: unknown flag '--json' (verify takes --assets DIR)"},
        {{"verify", kRecording, "--assets"}, "verify: --assets needs a folder"},
        {{"convert", kRecording}, "convert: -o FILE is missing"},
        {{"convert", kRecording, "-o"}, "convert: -o needs a file name"},
        {{"convert", kRecording, "-o", "a.txt", "--output", "b.txt"}, "convert: -o is given twice"},
        {{"convert", kRecording, "-o", "out.vir"}, "a .vir file converts to a share code, written as text"},
        {{"convert", "VIR2-AAAA", "--json"}, "convert: unknown flag '--json' (convert takes -o FILE)"},
    };
    for (const auto& [arguments, expected] : cases) {
        SCOPED_TRACE(testing::PrintToString(arguments));
        const Outcome outcome = vir(arguments);
        EXPECT_EQ(outcome.status, vir::kExitUnreadable);
        EXPECT_EQ(contains(outcome.err, expected), "");
        EXPECT_EQ(contains(outcome.err, "usage: vir info RUN"), "") << "the usage follows";
        EXPECT_TRUE(outcome.out.empty()) << outcome.out;
    }
    const Outcome help = vir({"--help"});
    EXPECT_EQ(help.status, vir::kExitOk);
    EXPECT_EQ(help.out, vir::usageText());
    const Outcome version = vir({"--version"});
    EXPECT_EQ(version.status, vir::kExitOk);
    EXPECT_EQ(contains(version.out, "run file format 2, share-code format 2, simulation version 2"), "");
}

} // namespace
} // namespace invaders::test
