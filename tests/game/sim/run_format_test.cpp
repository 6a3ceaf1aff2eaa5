// Run format version 2 (sim/replay.h, sim/share_code.h, docs/run-format.md): the board's DIP settings and the
// hash chain kept by both forms, version-1 files still read, verification naming the second where a replay
// departs, and every one-byte change to a recorded run refused on load or found by the chain.
#include "sim_test_support.h"

#include "sim/replay.h"
#include "sim/run_playback.h"
#include "sim/share_code.h"

#include "vox/core/rng.h"

#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace invaders::test {
namespace {

// FNV-1a 32 written out again (docs/run-format.md), and a file's checksum made right after an edit.
uint32_t referenceFnv1a32(std::span<const uint8_t> bytes) {
    uint32_t hash = 2166136261u;
    for (uint8_t byte : bytes)
        hash = (hash ^ byte) * 16777619u;
    return hash;
}

void fixChecksum(std::vector<uint8_t>& bytes) {
    const uint32_t sum = referenceFnv1a32(std::span<const uint8_t>(bytes).first(bytes.size() - 4));
    for (size_t i = 0; i < 4; ++i)
        bytes[bytes.size() - 4 + i] = static_cast<uint8_t>(sum >> (8 * i));
}

void putLittle(std::vector<uint8_t>& out, uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

// A version-1 file of `replay`, laid out as docs/run-format.md says (this build writes version 2 only).
std::vector<uint8_t> formatOneFile(const Replay& replay) {
    std::vector<uint8_t> out = {'V', 'X', 'I', 'R', 'P', 'L', 'A', 'Y'};
    putLittle(out, 1, 4);
    putLittle(out, replay.simulationVersion, 4);
    out.push_back(static_cast<uint8_t>(replay.gameVersion.size()));
    out.insert(out.end(), replay.gameVersion.begin(), replay.gameVersion.end());
    putLittle(out, replay.settings.seed, 8);
    out.push_back(static_cast<uint8_t>(replay.settings.players));
    out.push_back(static_cast<uint8_t>(replay.settings.difficulty));
    putLittle(out, replay.inputs.size(), 4);
    putLittle(out, replay.finalStateHash, 8);
    out.insert(out.end(), replay.inputs.begin(), replay.inputs.end());
    putLittle(out, referenceFnv1a32(out), 4);
    return out;
}

// The state hash after every whole second of `run`'s inputs and after its last step, by playing them.
struct Trace {
    std::vector<uint64_t> seconds;
    uint64_t final = 0;
    friend bool operator==(const Trace&, const Trace&) = default;
};

Trace traceOf(const Replay& run) {
    Simulation simulation(run.settings, builtinAssets());
    Trace trace;
    for (size_t step = 0; step < run.inputs.size(); ++step) {
        simulation.step(StepInput::fromBits(run.inputs[step]));
        if ((step + 1) % kChainSteps == 0)
            trace.seconds.push_back(simulation.stateHash());
    }
    trace.final = simulation.stateHash();
    return trace;
}

// Where `run` departs from what it records, worked out from `trace` (its own play): the first second whose
// hash disagrees with its chain's digest, else its last step if the final hash disagrees; -1 when it holds.
int64_t departureStepOf(const Replay& run, const Trace& trace) {
    for (size_t link = 0; link < run.chain.digests.size(); ++link) {
        const int32_t shift = kFullDigestBits - run.chain.digestBits;
        if ((trace.seconds[link] >> shift) != run.chain.digests[link])
            return static_cast<int64_t>(link + 1) * kChainSteps;
    }
    return trace.final == run.finalStateHash ? -1 : static_cast<int64_t>(run.inputs.size());
}

SimSettings boardSettings(uint64_t seed, int32_t players, Difficulty difficulty, int32_t ships,
                          int32_t extra) {
    SimSettings settings{seed, players, difficulty};
    settings.startingShips = ships;
    settings.extraShipScore = extra;
    return settings;
}

TEST(RunFormat, AFileKeepsTheBoardSettingsAndTheChain) {
    const Replay run = recordPilotRun(boardSettings(21, 2, Difficulty::Easy, 5, 1000), 250);
    const Trace trace = traceOf(run);
    ASSERT_EQ(run.chain.digests.size(), 4u) << "a link a whole second";
    EXPECT_EQ(run.chain.digestBits, kFullDigestBits);
    EXPECT_EQ(run.chain.digests, trace.seconds) << "the links are the state hashes after steps 60, 120, ...";

    const std::vector<uint8_t> bytes = encodeReplay(run);
    const size_t n = run.gameVersion.size();
    ASSERT_EQ(bytes.size(), 47 + n + 250 + 4 * 8 + 4) << "docs/run-format.md's layout";
    EXPECT_EQ(bytes[8], 2) << "format version 2";
    EXPECT_EQ(bytes[27 + n], 5) << "starting ships";
    EXPECT_EQ(bytes[28 + n] | bytes[29 + n] << 8, 1000) << "the extra ship's score";
    EXPECT_EQ(bytes[42 + n], 8) << "whole hashes in the chain";
    EXPECT_EQ(bytes[43 + n], 4) << "chain links";
    EXPECT_EQ(bytes[47 + n + 250], static_cast<uint8_t>(trace.seconds[0]))
        << "the first link, after the inputs";

    vox::Result<Replay> parsed = parseReplay(bytes, "board.vir");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed.value().settings.startingShips, 5);
    EXPECT_EQ(parsed.value().settings.extraShipScore, 1000);
    EXPECT_EQ(parsed.value().chain, run.chain);
    EXPECT_EQ(parsed.value().inputs, run.inputs);
    const RunVerdict verdict = verifyRun(parsed.value(), builtinAssets());
    EXPECT_TRUE(verdict.verified()) << verdict.problem;
    EXPECT_FALSE(verdict.departure.has_value());
}

TEST(RunFormat, VersionOneFilesStillLoadWithTheArcadesSettingsAndNoChain) {
    // The kept recording is a version-1 file (as every run kept before version 2 is).
    vox::Result<Replay> kept = readReplayFile("tests/data/replays/demo-seed5-18000.vir");
    ASSERT_TRUE(kept.ok()) << kept.error().message;
    EXPECT_EQ(kept.value().settings.startingShips, arcade::kStartingShips);
    EXPECT_EQ(kept.value().settings.extraShipScore, arcade::kExtraLifeScore);
    EXPECT_TRUE(kept.value().chain.digests.empty());

    const Replay run = recordPilotRun({5, 1, Difficulty::Arcade}, 300);
    vox::Result<Replay> parsed = parseReplay(formatOneFile(run), "old.vir");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed.value().inputs, run.inputs);
    EXPECT_EQ(parsed.value().finalStateHash, run.finalStateHash);
    EXPECT_TRUE(parsed.value().chain.digests.empty());
    EXPECT_TRUE(verifyRun(parsed.value(), builtinAssets()).verified()) << "its final hash is still checked";

    // Written again, it is a version-2 file without a chain, read back the same.
    const std::vector<uint8_t> again = encodeReplay(parsed.value());
    EXPECT_EQ(again[8], 2);
    vox::Result<Replay> reread = parseReplay(again, "again.vir");
    ASSERT_TRUE(reread.ok()) << reread.error().message;
    EXPECT_EQ(reread.value().inputs, run.inputs);
    EXPECT_TRUE(reread.value().chain.digests.empty());

    for (uint8_t format : {uint8_t{0}, uint8_t{3}}) {
        std::vector<uint8_t> other = formatOneFile(run);
        other[8] = format;
        fixChecksum(other);
        vox::Result<Replay> refused = parseReplay(other, "other.vir");
        ASSERT_FALSE(refused.ok());
        EXPECT_NE(refused.error().message.find("replay format version " + std::to_string(format) +
                                               "; this build reads versions 1 to 2"),
                  std::string::npos)
            << refused.error().message;
    }
}

TEST(RunFormat, BoardSettingsAndChainsOutsideTheFormatAreRefused) {
    const Replay run = recordPilotRun({5, 1, Difficulty::Arcade}, 130); // 2 links
    const std::vector<uint8_t> good = encodeReplay(run);
    const size_t n = run.gameVersion.size();
    const auto errorWith = [&](size_t offset, uint8_t value) {
        std::vector<uint8_t> bytes = good;
        bytes[offset] = value;
        fixChecksum(bytes);
        vox::Result<Replay> parsed = parseReplay(bytes, "x.vir");
        return parsed.ok() ? std::string("(accepted)") : parsed.error().message;
    };
    const std::string ships = "x.vir: byte " + std::to_string(27 + n) + ": starting ships ";
    EXPECT_EQ(errorWith(27 + n, 7), ships + "7; the board's choices are 3, 4, 5 and 6: the file is corrupt");
    EXPECT_EQ(errorWith(27 + n, 2), ships + "2; the board's choices are 3, 4, 5 and 6: the file is corrupt");
    EXPECT_EQ(errorWith(27 + n, 6), "(accepted)");
    EXPECT_NE(
        errorWith(28 + n, 0xB0).find("an extra ship at 1456 points; the board's choices are 1000 and 1500"),
        std::string::npos)
        << errorWith(28 + n, 0xB0);
    EXPECT_NE(errorWith(42 + n, 3).find("chain digests of 3 bytes; they are 8 or 2"), std::string::npos)
        << errorWith(42 + n, 3);
    EXPECT_NE(errorWith(43 + n, 1).find("a hash chain of 1 links for 130 steps"), std::string::npos)
        << errorWith(43 + n, 1);
    EXPECT_NE(errorWith(43 + n, 0).find("unexpected bytes after the checksum"), std::string::npos)
        << "no chain, but its bytes are still there: " << errorWith(43 + n, 0);
    EXPECT_NE(errorWith(42 + n, 2).find("unexpected bytes after the checksum"), std::string::npos)
        << "shorter digests leave bytes over: " << errorWith(42 + n, 2);

    std::vector<uint8_t> cut(good.begin(), good.end() - 10);
    vox::Result<Replay> truncated = parseReplay(cut, "x.vir");
    ASSERT_FALSE(truncated.ok());
    EXPECT_NE(truncated.error().message.find("the file ends inside the hash chain"), std::string::npos)
        << truncated.error().message;
}

TEST(RunDeparture, SaysTheTimeOfPlayAndTheStep) {
    EXPECT_EQ(departureAt(9660).message, "departs at 2:41, step 9,660");
    EXPECT_EQ(departureAt(9660).second, 161);
    EXPECT_EQ(departureAt(9660).step, 9660);
    EXPECT_EQ(departureAt(59).message, "departs at 0:00, step 59");
    EXPECT_EQ(departureAt(3723 * 60).message, "departs at 1:02:03, step 223,380");
    EXPECT_EQ(departureAt(1234567).message, "departs at 5:42:56, step 1,234,567");
}

// A copy of `run` whose input at a step in [first, first + 60) is changed so that its state after step
// `first + 60` differs from the recorded one, and with `endToo` its final state as well (found by playing;
// the change a careless edit would make). `first` is a multiple of kChainSteps.
Replay withDepartingInput(const Replay& run, size_t first, bool endToo = false) {
    const Trace recorded = traceOf(run);
    const size_t link = first / kChainSteps;
    for (size_t step = first; step < first + static_cast<size_t>(kChainSteps); ++step) {
        for (uint8_t bits : {uint8_t{1}, uint8_t{2}, uint8_t{4}, uint8_t{5}}) {
            if (bits == run.inputs[step])
                continue;
            Replay changed = run;
            changed.inputs[step] = bits;
            const Trace trace = traceOf(changed);
            if (trace.seconds[link] != recorded.seconds[link] && (!endToo || trace.final != recorded.final))
                return changed;
        }
    }
    ADD_FAILURE() << "no input change in steps " << first << ".. changes the state";
    return run;
}

TEST(Verification, NamesTheSecondWhereAReplayDeparts) {
    const Replay run = recordPilotRun({7, 1, Difficulty::Arcade}, 1230);
    ASSERT_TRUE(verifyRun(run, builtinAssets()).verified());
    const Replay changed = withDepartingInput(run, 660); // departs in the 12th second

    const RunVerdict verdict = verifyRun(changed, builtinAssets());
    EXPECT_FALSE(verdict.verified());
    ASSERT_TRUE(verdict.departure.has_value());
    EXPECT_EQ(verdict.departure->step, 720);
    EXPECT_EQ(verdict.departure->second, 12);
    EXPECT_EQ(verdict.departure->message, "departs at 0:12, step 720");
    EXPECT_NE(verdict.problem.find("the replay departs at 0:12, step 720"), std::string::npos)
        << verdict.problem;

    // Watching: the playback knows at step 720, not before.
    RunPlayback playback(changed, builtinAssets());
    while (playback.stepsPlayed() < 719)
        playback.advanceFrame();
    EXPECT_FALSE(playback.departure().has_value());
    playback.advanceFrame();
    ASSERT_TRUE(playback.departure().has_value());
    EXPECT_EQ(playback.departure()->step, 720);

    // The same through a share code, whose chain holds 16 bits a second.
    vox::Result<Replay> coded = decodeShareCode(encodeShareCode(changed));
    ASSERT_TRUE(coded.ok()) << coded.error().message;
    const RunVerdict codeVerdict = verifyRun(coded.value(), builtinAssets());
    ASSERT_TRUE(codeVerdict.departure.has_value());
    EXPECT_EQ(codeVerdict.departure->step, 720);
    vox::Result<Replay> codedRun = decodeShareCode(encodeShareCode(run));
    ASSERT_TRUE(codedRun.ok());
    EXPECT_TRUE(verifyRun(codedRun.value(), builtinAssets()).verified());
}

TEST(Verification, ALastPartSecondAnEditedLinkAndARunWithoutAChain) {
    const Replay run = recordPilotRun({7, 1, Difficulty::Arcade}, 1230);
    // Only the final hash differs: the chain held to step 1,200, so the departure is at the end.
    Replay finalOnly = run;
    finalOnly.finalStateHash ^= 1;
    const RunVerdict last = verifyRun(finalOnly, builtinAssets());
    ASSERT_TRUE(last.departure.has_value());
    EXPECT_EQ(last.departure->step, 1230);
    EXPECT_EQ(last.departure->message, "departs at 0:20, step 1,230");
    EXPECT_NE(last.problem.find("the replay departs at 0:20, step 1,230, its last: it ends on state hash"),
              std::string::npos)
        << last.problem;
    EXPECT_FALSE(last.hashMatches);

    // A link edited: the replay reaches its recorded end, but not the recorded state at 0:06.
    Replay editedLink = run;
    editedLink.chain.digests[5] ^= 1;
    const RunVerdict link = verifyRun(editedLink, builtinAssets());
    EXPECT_TRUE(link.hashMatches);
    EXPECT_FALSE(link.verified());
    ASSERT_TRUE(link.departure.has_value());
    EXPECT_EQ(link.departure->step, 360);

    // A run without a chain (read from a version-1 file) departs only at its end, and says why no earlier.
    Replay noChain = withDepartingInput(run, 1140, true);
    noChain.chain.digests.clear();
    const RunVerdict end = verifyRun(noChain, builtinAssets());
    ASSERT_TRUE(end.departure.has_value());
    EXPECT_EQ(end.departure->step, 1230);
    EXPECT_NE(end.problem.find("not the recorded"), std::string::npos) << end.problem;
    EXPECT_NE(end.problem.find("it has no hash chain to say where it departs"), std::string::npos)
        << end.problem;
}

// The recorded runs the byte-change test damages: demo-pilot games of each player count, difficulty and
// board setting, a few seconds each.
std::vector<Replay> recordedRuns() {
    return {recordPilotRun({7, 1, Difficulty::Arcade}, 600),
            recordPilotRun(boardSettings(11, 2, Difficulty::Easy, 4, 1000), 420),
            recordPilotRun(boardSettings(3, 1, Difficulty::Hard, 6, 1500), 250)};
}

// What a changed run that loads does when verified: it must depart where playing it says (the first second,
// or the end, whose state is not the recorded one), or hold and be the recorded game.
struct ChangeOutcomes {
    int refused = 0;     // on load
    int departed = 0;    // found by the chain check (or the final hash), at the right step
    int sameGame = 0;    // an input changed that changed nothing the chain sees
    int versionText = 0; // the game version text: for messages only, not part of the run
};

void judgeLoadedChange(const Replay& changed, const Trace& original, ChangeOutcomes& outcomes,
                       const std::string& what) {
    const Trace trace = traceOf(changed);
    const int64_t expected = departureStepOf(changed, trace);
    const RunVerdict verdict = verifyRun(changed, builtinAssets());
    if (expected < 0) {
        EXPECT_TRUE(verdict.verified()) << what << ": " << verdict.problem;
        EXPECT_TRUE(trace == original) << what << ": loads and verifies, so it must be the recorded game";
        ++outcomes.sameGame;
        return;
    }
    ASSERT_TRUE(verdict.departure.has_value()) << what;
    EXPECT_EQ(verdict.departure->step, expected) << what;
    ++outcomes.departed;
}

TEST(RunFormat, EveryOneByteChangeIsRefusedOnLoadOrFoundByTheChain) {
    const uint64_t seed = 35;
    std::printf("one-byte changes: replacement bytes from seed %llu\n",
                static_cast<unsigned long long>(seed));
    RecordProperty("seed", std::to_string(seed));
    vox::Rng rng(seed);
    ChangeOutcomes file, tampered;
    for (const Replay& run : recordedRuns()) {
        SCOPED_TRACE(testing::Message()
                     << "seed " << run.settings.seed << ", " << run.inputs.size() << " steps");
        const Trace original = traceOf(run);
        const std::vector<uint8_t> bytes = encodeReplay(run);
        const size_t n = run.gameVersion.size();
        const size_t inputs = 47 + n;
        // As the bytes are: every position, four replacements each; the checksum refuses them all.
        for (size_t at = 0; at < bytes.size(); ++at) {
            for (uint8_t change :
                 {uint8_t{0x01}, uint8_t{0x80}, uint8_t{0xFF}, static_cast<uint8_t>(1 + rng.below(255))}) {
                std::vector<uint8_t> changed = bytes;
                changed[at] ^= change;
                EXPECT_FALSE(parseReplay(changed, "x.vir").ok()) << "byte " << at << " ^ " << int{change};
                ++file.refused;
            }
        }
        // With the checksum made right again, as someone editing a run would: refused, or found by the chain.
        for (size_t at = 0; at + 4 < bytes.size(); ++at) {
            std::vector<uint8_t> changed = bytes;
            const bool input = at >= inputs && at < inputs + run.inputs.size();
            changed[at] ^= static_cast<uint8_t>(input ? 1 + rng.below(7) : 1 + rng.below(255));
            fixChecksum(changed);
            vox::Result<Replay> parsed = parseReplay(changed, "x.vir");
            if (!parsed.ok()) {
                ++tampered.refused;
            } else if (at >= 17 && at < 17 + n) {
                EXPECT_TRUE(verifyRun(parsed.value(), builtinAssets()).verified());
                ++tampered.versionText;
            } else {
                judgeLoadedChange(parsed.value(), original, tampered, "byte " + std::to_string(at));
            }
        }
    }
    std::printf("files as they are: %d changes, all refused on load\n", file.refused);
    std::printf("files with the checksum made right: %d refused on load, %d found by the chain (or the final "
                "hash) at the step where their game departs, %d input changes the game did not notice, %d "
                "in the game version text\n",
                tampered.refused, tampered.departed, tampered.sameGame, tampered.versionText);
    EXPECT_GT(tampered.departed, 100);
}

// A share code's content (after its length and checksum), base64url decoded by the test's own loop, and a
// code around a content with its length and checksum made right (share_code.h).
const std::string kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

std::vector<uint8_t> contentOf(const std::string& code) {
    uint32_t buffer = 0;
    int bits = 0;
    std::vector<uint8_t> payload;
    for (char c : code.substr(5)) {
        buffer = (buffer << 6) | static_cast<uint32_t>(kAlphabet.find(c));
        if ((bits += 6) >= 8)
            payload.push_back(static_cast<uint8_t>(buffer >> (bits -= 8)));
    }
    size_t header = 0;
    while (payload[header] & 128)
        ++header;
    return {payload.begin() + static_cast<std::ptrdiff_t>(header + 1 + 4), payload.end()};
}

std::string codeAround(const std::vector<uint8_t>& content) {
    std::vector<uint8_t> payload;
    for (size_t length = content.size();; length >>= 7) {
        payload.push_back(static_cast<uint8_t>((length & 127) | (length >= 128 ? 128 : 0)));
        if (length < 128)
            break;
    }
    putLittle(payload, referenceFnv1a32(content), 4);
    payload.insert(payload.end(), content.begin(), content.end());
    std::string code = "VIR2-";
    uint32_t buffer = 0;
    int bits = 0;
    for (uint8_t byte : payload) {
        buffer = (buffer << 8) | byte;
        for (bits += 8; bits >= 6;)
            code += kAlphabet[(buffer >> (bits -= 6)) & 63];
    }
    if (bits > 0)
        code += kAlphabet[(buffer << (6 - bits)) & 63];
    return code;
}

TEST(RunFormat, EveryOneByteChangeToACodesContentIsRefusedOrFound) {
    // As an editor would change a code: a byte of its content, with the length and checksum made right.
    const uint64_t seed = 353;
    std::printf("one-byte changes to codes' contents: replacements from seed %llu\n",
                static_cast<unsigned long long>(seed));
    RecordProperty("seed", std::to_string(seed));
    vox::Rng rng(seed);
    ChangeOutcomes outcomes;
    for (const Replay& run : recordedRuns()) {
        const std::string code = encodeShareCode(run);
        const std::vector<uint8_t> content = contentOf(code);
        ASSERT_EQ(codeAround(content), code) << "the test's encoder must agree with the codec";
        const Trace original = traceOf(run);
        for (size_t at = 0; at < content.size(); ++at) {
            std::vector<uint8_t> changed = content;
            changed[at] ^= static_cast<uint8_t>(1 + rng.below(255));
            vox::Result<Replay> decoded = decodeShareCode(codeAround(changed));
            if (decoded.ok())
                judgeLoadedChange(decoded.value(), original, outcomes, "content byte " + std::to_string(at));
            else
                ++outcomes.refused;
        }
    }
    std::printf(
        "codes' contents: %d changes refused on load, %d found by the chain (or the final hash) at the "
        "step where their game departs, %d the game did not notice\n",
        outcomes.refused, outcomes.departed, outcomes.sameGame);
    EXPECT_GT(outcomes.departed, 10);
}

TEST(RunFormat, EveryOneCharacterChangeToACodeIsRefusedOrFound) {
    const std::string& alphabet = kAlphabet;
    const uint64_t seed = 3535;
    std::printf("one-character changes: replacements from seed %llu\n",
                static_cast<unsigned long long>(seed));
    RecordProperty("seed", std::to_string(seed));
    vox::Rng rng(seed);
    int refused = 0, unusedBits = 0, changes = 0;
    for (const Replay& run : recordedRuns()) {
        const std::string code = encodeShareCode(run);
        vox::Result<Replay> clean = decodeShareCode(code);
        ASSERT_TRUE(clean.ok()) << clean.error().message;
        for (size_t at = 0; at < code.size(); ++at) {
            for (size_t step : {size_t{1}, static_cast<size_t>(1 + rng.below(63))}) {
                std::string changed = code;
                changed[at] = alphabet[(alphabet.find(code[at]) + step) % alphabet.size()];
                if (at < 5)
                    changed[at] = static_cast<char>(code[at] ^ (at == 4 ? 0x40 : 0x20)); // the "VIR2-" part
                vox::Result<Replay> decoded = decodeShareCode(changed);
                ++changes;
                if (!decoded.ok()) {
                    ++refused;
                    continue;
                }
                // Only the last character's unused low bits may change, and then the run is the same.
                EXPECT_EQ(at, code.size() - 1) << changed;
                EXPECT_EQ(decoded.value().inputs, clean.value().inputs);
                EXPECT_EQ(decoded.value().chain, clean.value().chain);
                EXPECT_EQ(decoded.value().finalStateHash, clean.value().finalStateHash);
                ++unusedBits;
            }
        }
    }
    std::printf(
        "codes: %d changed characters refused, %d in the last character's unused bits (the same run)\n",
        refused, unusedBits);
    EXPECT_EQ(refused + unusedBits, changes);
    EXPECT_LE(unusedBits, 2 * 3) << "the last character of each code, at most";
}

} // namespace
} // namespace invaders::test
