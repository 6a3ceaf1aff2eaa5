// Share codes (sim/share_code.h): round trips, the format checked against a code built by hand from the
// format description, each kind of bad code refused with its own message, and random damage never crashing.
#include "sim_test_support.h"

#include "sim/autoplayer.h"
#include "sim/replay.h"
#include "sim/share_code.h"

#include "vox/core/rng.h"

#include <algorithm>
#include <string>
#include <vector>

namespace invaders::test {
namespace {

// The test's own encoder of the format in share_code.h, to build codes the codec must read: FNV-1a 32
// and base64url written out again here rather than taken from the code under test.
uint32_t referenceFnv1a32(const std::vector<uint8_t>& bytes) {
    uint32_t hash = 2166136261u;
    for (uint8_t byte : bytes)
        hash = (hash ^ byte) * 16777619u;
    return hash;
}

std::string referenceBase64url(const std::vector<uint8_t>& bytes) {
    const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::string text;
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const uint32_t group = (uint32_t{bytes[i]} << 16) |
                               (i + 1 < bytes.size() ? uint32_t{bytes[i + 1]} << 8 : 0) |
                               (i + 2 < bytes.size() ? uint32_t{bytes[i + 2]} : 0);
        const size_t characters =
            std::min<size_t>(4, (bytes.size() - i) * 4 / 3 + ((bytes.size() - i) % 3 != 0));
        for (size_t c = 0; c < characters; ++c)
            text += alphabet[(group >> (18 - 6 * c)) & 63];
    }
    return text;
}

// A code around `content` (the part after the checksum), with a correct length and checksum.
std::string codeAround(const std::vector<uint8_t>& content, const std::string& start = "VIR2-") {
    std::vector<uint8_t> payload;
    for (size_t length = content.size();; length >>= 7) { // LEB128
        payload.push_back(static_cast<uint8_t>((length & 127) | (length >= 128 ? 128 : 0)));
        if (length < 128)
            break;
    }
    const uint32_t checksum = referenceFnv1a32(content);
    for (int i = 0; i < 4; ++i)
        payload.push_back(static_cast<uint8_t>(checksum >> (8 * i)));
    payload.insert(payload.end(), content.begin(), content.end());
    return start + referenceBase64url(payload);
}

// The same run, its chain cut to the code's 16-bit digests.
void expectSameRun(const Replay& decoded, const Replay& original) {
    EXPECT_EQ(decoded.settings.seed, original.settings.seed);
    EXPECT_EQ(decoded.settings.players, original.settings.players);
    EXPECT_EQ(decoded.settings.difficulty, original.settings.difficulty);
    EXPECT_EQ(decoded.settings.startingShips, original.settings.startingShips);
    EXPECT_EQ(decoded.settings.extraShipScore, original.settings.extraShipScore);
    EXPECT_EQ(decoded.simulationVersion, original.simulationVersion);
    EXPECT_EQ(decoded.finalStateHash, original.finalStateHash);
    EXPECT_EQ(decoded.inputs, original.inputs);
    ASSERT_EQ(decoded.chain.digests.size(), original.chain.digests.size());
    if (!decoded.chain.digests.empty()) {
        EXPECT_EQ(decoded.chain.digestBits, kShortDigestBits);
    }
    for (size_t link = 0; link < original.chain.digests.size(); ++link)
        EXPECT_EQ(decoded.chain.digests[link],
                  original.chain.digests[link] >> (original.chain.digestBits - kShortDigestBits))
            << "link " << link;
}

std::string errorOf(std::string_view code) {
    vox::Result<Replay> decoded = decodeShareCode(code);
    return decoded ? "(accepted)" : decoded.error().message;
}

// The content of a 24-step, two-player, hard run with seed 300: 20 idle steps, 3 firing, 1 left; in code
// format 2 with 4 ships and the extra one at 1,000 (`codeFormat` 1: without the board byte and the chain,
// which such a short run has no link of). The input stream was worked out by a separate implementation of
// the coder share_code.h describes (LZMA's range encoder in Python, 11-bit probabilities, shift 4; the
// runs (0, 20), (4, 3), (1, 1) as input trees in 64 contexts and Elias gamma lengths).
std::vector<uint8_t> handMadeContent(uint64_t simulationVersion, int codeFormat = 2) {
    std::vector<uint8_t> content = {static_cast<uint8_t>(simulationVersion), 0xAC,
                                    0x02,  // seed 300 as LEB128
                                    0x05}; // (2 - 1) | Hard << 1
    if (codeFormat >= 2)
        content.push_back(0x05);       // the board: (4 - 3) | 4, the extra ship at 1,000
    content.insert(content.end(), {24, // steps
                                   0xEF, 0xCD, 0xAB, 0x89, 0x67, 0x45, 0x23, 0x01}); // final hash
    if (codeFormat >= 2)
        content.push_back(0);                                                  // no chain links in 24 steps
    content.insert(content.end(), {0x00, 0x1E, 0x4A, 0x4A, 0xB8, 0x00, 0x00}); // the runs, range-coded
    return content;
}

Replay handMadeRun(int codeFormat = 2) {
    SimSettings settings{300, 2, Difficulty::Hard};
    if (codeFormat >= 2) {
        settings.startingShips = 4;
        settings.extraShipScore = 1000;
    }
    Replay replay = newReplay(settings);
    replay.inputs.assign(20, 0);
    replay.inputs.insert(replay.inputs.end(), {4, 4, 4, 1});
    replay.finalStateHash = 0x0123456789ABCDEFull;
    return replay;
}

TEST(ShareCode, MatchesTheFormatBuiltByHand) {
    static_assert(kSimulationVersion < 128, "the hand-made content writes the version as one byte");
    const std::string expected = codeAround(handMadeContent(kSimulationVersion));
    EXPECT_EQ(encodeShareCode(handMadeRun()), expected);
    vox::Result<Replay> decoded = decodeShareCode(expected);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    expectSameRun(decoded.value(), handMadeRun());
}

TEST(ShareCode, FormatOneCodesStillDecode) {
    // The whole code, worked out with Python (base64.urlsafe_b64encode) for simulation version 2, as code
    // format 1 wrote it: its run has the arcade's DIP settings and no chain.
    const std::string formatOne = codeAround(handMadeContent(kSimulationVersion, 1), "VIR1-");
    if (kSimulationVersion == 2) {
        EXPECT_EQ(formatOne, "VIR1-FPix5GwCrAIFGO_Nq4lnRSMBAB5KSrgAAA");
    }
    vox::Result<Replay> decoded = decodeShareCode(formatOne);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    expectSameRun(decoded.value(), handMadeRun(1));
    EXPECT_EQ(decoded.value().settings.startingShips, arcade::kStartingShips);
    EXPECT_EQ(decoded.value().settings.extraShipScore, arcade::kExtraLifeScore);
    // Written again, it is a format-2 code of the same run.
    EXPECT_TRUE(encodeShareCode(decoded.value()).starts_with("VIR2-"));
    vox::Result<Replay> again = decodeShareCode(encodeShareCode(decoded.value()));
    ASSERT_TRUE(again.ok()) << again.error().message;
    expectSameRun(again.value(), handMadeRun(1));
}

// The bytes of a code's payload (base64url decoded by the test's own loop), and where its content starts.
std::vector<uint8_t> contentOf(const std::string& code) {
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    uint32_t buffer = 0;
    int bits = 0;
    std::vector<uint8_t> payload;
    for (char c : code.substr(5)) {
        buffer = (buffer << 6) | static_cast<uint32_t>(alphabet.find(c));
        if ((bits += 6) >= 8)
            payload.push_back(static_cast<uint8_t>(buffer >> (bits -= 8)));
    }
    size_t header = 0;
    while (payload[header] & 128)
        ++header;
    return {payload.begin() + static_cast<std::ptrdiff_t>(header + 1 + 4), payload.end()};
}

TEST(ShareCode, TheChainIsTheTopSixteenBitsOfEachSecondsHash) {
    SimSettings settings{12, 1, Difficulty::Arcade};
    settings.startingShips = 6;
    const Replay run = recordPilotRun(settings, 200); // 3 links
    ASSERT_EQ(run.chain.digests.size(), 3u);
    const std::vector<uint8_t> content = contentOf(encodeShareCode(run));
    // simulation version, seed 12, players and difficulty, board (6 - 3), 200 as LEB128 (C8 01), the hash.
    const std::vector<uint8_t> header = {static_cast<uint8_t>(kSimulationVersion), 12, 0, 3, 0xC8, 0x01};
    ASSERT_GT(content.size(), header.size() + 8 + 1 + 6);
    EXPECT_TRUE(std::equal(header.begin(), header.end(), content.begin()));
    size_t at = header.size() + 8;
    EXPECT_EQ(content[at++], 3) << "chain length";
    for (uint64_t digest : run.chain.digests) {
        EXPECT_EQ(content[at] | content[at + 1] << 8, static_cast<int>(digest >> 48));
        at += 2;
    }
}

TEST(ShareCode, RoundTripsRunsOfEverySettingAndLength) {
    const uint64_t seed = 77;
    SCOPED_TRACE("random inputs from seed " + std::to_string(seed));
    vox::Rng rng(seed);
    for (int trial = 0; trial < 60; ++trial) {
        SCOPED_TRACE(trial);
        Replay replay = newReplay(
            {rng.next(), 1 + static_cast<int32_t>(rng.below(2)), static_cast<Difficulty>(rng.below(3)),
             arcade::kStartingShipsChoices[rng.below(4)], arcade::kExtraShipScoreChoices[rng.below(2)]});
        const uint32_t steps = trial == 0 ? 0 : rng.below(5000);
        // Runs of every length, from single steps to thousands.
        while (replay.inputs.size() < steps) {
            const uint32_t run = 1 + rng.below(trial % 3 == 0 ? 3000 : 20);
            replay.inputs.insert(replay.inputs.end(), std::min<size_t>(run, steps - replay.inputs.size()),
                                 static_cast<uint8_t>(rng.below(8)));
        }
        replay.finalStateHash = rng.next();
        if (trial % 2 == 0) // a chain of whole hashes, as recorded; else none, as from a format-1 run
            for (int64_t link = 0; link < chainLinks(steps); ++link)
                replay.chain.digests.push_back(rng.next());
        const std::string code = encodeShareCode(replay);
        EXPECT_TRUE(code.starts_with("VIR2-"));
        EXPECT_EQ(code.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
                  std::string::npos)
            << "URL-safe characters only";
        vox::Result<Replay> decoded = decodeShareCode(code);
        ASSERT_TRUE(decoded.ok()) << decoded.error().message;
        expectSameRun(decoded.value(), replay);
    }
}

TEST(ShareCode, AFiveMinuteRecordingIsShortAndPlaysToItsHash) {
    vox::Result<Replay> recording = readReplayFile("tests/data/replays/demo-seed5-18000.vir");
    ASSERT_TRUE(recording.ok()) << recording.error().message;
    const std::string code = encodeShareCode(recording.value());
    // docs/game.md gives the length; the raw inputs are one byte a step, 4/3 characters in base64.
    RecordProperty("five_minute_code_characters", static_cast<int>(code.size()));
    std::printf("a 5-minute autoplayer game (%zu steps): a code of %zu characters\n",
                recording.value().inputs.size(), code.size());
    // Run-length coding took 6,849 characters for it; the range coder must keep beating that.
    EXPECT_LT(code.size(), recording.value().inputs.size() / 6);
    vox::Result<Replay> decoded = decodeShareCode(code);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    expectSameRun(decoded.value(), recording.value());
}

TEST(ShareCode, AnHourOfHeldInputIsAFewDozenCharacters) {
    Replay held = newReplay({1, 1, Difficulty::Arcade});
    held.inputs.assign(60 * 60 * 60, 2); // an hour holding right
    const std::string code = encodeShareCode(held);
    std::printf("an hour of one held input: a code of %zu characters\n", code.size());
    EXPECT_LT(code.size(), 200u);
    vox::Result<Replay> decoded = decodeShareCode(code);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    EXPECT_EQ(decoded.value().inputs, held.inputs);
}

TEST(ShareCode, WhitespaceFromWrappingIsIgnored) {
    const Replay run = recordPilotRun({3, 1, Difficulty::Arcade}, 600);
    std::string code = encodeShareCode(run);
    for (size_t i = 20; i < code.size(); i += 21)
        code.insert(i, 1, i % 2 ? '\n' : ' ');
    std::string wrapped = "  ";
    wrapped += code;
    wrapped += "\r\n";
    vox::Result<Replay> decoded = decodeShareCode(wrapped);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    expectSameRun(decoded.value(), run);
}

TEST(ShareCode, EachKindOfBadCodeSaysWhatIsWrong) {
    const std::string good = encodeShareCode(recordPilotRun({9, 1, Difficulty::Arcade}, 900));
    ASSERT_EQ(errorOf(good), "(accepted)");

    EXPECT_NE(errorOf("").find("the code is empty"), std::string::npos) << errorOf("");
    EXPECT_NE(errorOf(" \n ").find("the code is empty"), std::string::npos);

    for (const std::string foreign :
         {"https://example.com/?run=1", "VXIRPLAY", "vir1-abc", "VIRx-abc", "VIR"}) {
        SCOPED_TRACE(foreign);
        EXPECT_NE(errorOf(foreign).find("is not a voxel-invaders run code"), std::string::npos)
            << errorOf(foreign);
    }

    const std::string newerFormat = "VIR3-" + good.substr(5);
    EXPECT_NE(errorOf(newerFormat).find("run-code format 3, newer than this build's format 2: update"),
              std::string::npos)
        << errorOf(newerFormat);
    EXPECT_NE(errorOf("VIR0-" + good.substr(5)).find("run-code format 0, unlike this build's format 2"),
              std::string::npos)
        << errorOf("VIR0-" + good.substr(5));

    // Cut anywhere: the length up front tells a cut code from a damaged one.
    for (size_t length : {size_t{5}, size_t{6}, size_t{9}, size_t{12}, good.size() / 2, good.size() - 2}) {
        SCOPED_TRACE(length);
        EXPECT_NE(errorOf(good.substr(0, length)).find("cut short"), std::string::npos)
            << errorOf(good.substr(0, length));
    }

    // One character changed past the length and checksum (characters 5..11): the checksum catches it.
    int changed = 0;
    for (size_t position = 12; position < good.size() - 1; position += 7) {
        std::string damaged = good;
        damaged[position] = damaged[position] == 'A' ? 'B' : 'A';
        SCOPED_TRACE(position);
        EXPECT_NE(errorOf(damaged).find("the checksum does not match: the code is damaged"),
                  std::string::npos)
            << errorOf(damaged);
        ++changed;
    }
    EXPECT_GT(changed, 10);

    std::string badCharacter = good;
    badCharacter[20] = '*';
    EXPECT_NE(errorOf(badCharacter).find("character 21 ('*') is not part of a run code"), std::string::npos)
        << errorOf(badCharacter);

    EXPECT_NE(errorOf(good + "AAAA").find("bytes more than it says it holds"), std::string::npos)
        << errorOf(good + "AAAA");

    const std::string newerRules = codeAround(handMadeContent(kSimulationVersion + 1));
    EXPECT_NE(errorOf(newerRules)
                  .find("simulation version " + std::to_string(kSimulationVersion + 1) +
                        ", newer than this build's " + std::to_string(kSimulationVersion) +
                        ": update voxel-invaders"),
              std::string::npos)
        << errorOf(newerRules);
    const std::string olderRules = codeAround(handMadeContent(kSimulationVersion - 1));
    EXPECT_NE(errorOf(olderRules).find("older than this build's"), std::string::npos) << errorOf(olderRules);

    // Well-checksummed but wrongly written content.
    std::vector<uint8_t> cutStream = handMadeContent(kSimulationVersion);
    cutStream.pop_back();
    EXPECT_NE(errorOf(codeAround(cutStream)).find("the inputs stop before the code's 24 steps"),
              std::string::npos)
        << errorOf(codeAround(cutStream));
    std::vector<uint8_t> fewerSteps = handMadeContent(kSimulationVersion);
    fewerSteps[5] = 22; // the run of 3 after the first 20 steps does not fit
    EXPECT_NE(errorOf(codeAround(fewerSteps)).find("a run of inputs goes past the code's 22 steps"),
              std::string::npos)
        << errorOf(codeAround(fewerSteps));
    std::vector<uint8_t> trailing = handMadeContent(kSimulationVersion);
    trailing.push_back(0);
    EXPECT_NE(errorOf(codeAround(trailing)).find("bytes follow the last step's input"), std::string::npos)
        << errorOf(codeAround(trailing));
    std::vector<uint8_t> badDifficulty = handMadeContent(kSimulationVersion);
    badDifficulty[3] = 3 << 1;
    EXPECT_NE(errorOf(codeAround(badDifficulty)).find("unknown difficulty 3"), std::string::npos)
        << errorOf(codeAround(badDifficulty));
    std::vector<uint8_t> badBoard = handMadeContent(kSimulationVersion);
    badBoard[4] = 8; // bits 3-7 are zero
    EXPECT_NE(errorOf(codeAround(badBoard)).find("board settings byte 8"), std::string::npos)
        << errorOf(codeAround(badBoard));
    std::vector<uint8_t> badChain = handMadeContent(kSimulationVersion);
    badChain[14] = 1; // 24 steps have no whole second
    EXPECT_NE(errorOf(codeAround(badChain)).find("a hash chain of 1 links for 24 steps"), std::string::npos)
        << errorOf(codeAround(badChain));

    for (const std::string& bad : {std::string(""), newerFormat, badCharacter, newerRules})
        EXPECT_TRUE(errorOf(bad).starts_with("run code: ")) << errorOf(bad);
}

TEST(ShareCode, RandomDamageNeverCrashes) {
    const Replay run = recordPilotRun({21, 2, Difficulty::Easy}, 1500);
    const std::string good = encodeShareCode(run);
    // The good code's content, for damage behind a correct checksum.
    const std::vector<uint8_t> content = contentOf(good);
    ASSERT_EQ(codeAround(content), good) << "the test's encoder must agree with the codec";
    const uint64_t seed = 4242;
    std::printf("random damage from seed %llu\n", static_cast<unsigned long long>(seed));
    RecordProperty("seed", std::to_string(seed));
    SCOPED_TRACE("seed " + std::to_string(seed));
    vox::Rng rng(seed);
    const std::string characters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_ *%\n";
    int accepted = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        std::string code;
        if (trial % 2 == 0) { // text damage: replace, insert, delete, cut
            code = good;
            const int edits = 1 + static_cast<int>(rng.below(4));
            for (int e = 0; e < edits && !code.empty(); ++e) {
                const auto at = static_cast<size_t>(rng.below(static_cast<uint32_t>(code.size())));
                const char c = characters[rng.below(static_cast<uint32_t>(characters.size()))];
                switch (rng.below(4)) {
                case 0:
                    code[at] = c;
                    break;
                case 1:
                    code.insert(at, 1, c);
                    break;
                case 2:
                    code.erase(at, 1);
                    break;
                default:
                    code.resize(at);
                    break;
                }
            }
        } else { // content damage behind a correct checksum: the parser itself must hold
            std::vector<uint8_t> bytes = content;
            const int edits = 1 + static_cast<int>(rng.below(4));
            for (int e = 0; e < edits; ++e)
                bytes[rng.below(static_cast<uint32_t>(bytes.size()))] = static_cast<uint8_t>(rng.below(256));
            if (rng.below(4) == 0)
                bytes.resize(rng.below(static_cast<uint32_t>(bytes.size())));
            code = codeAround(bytes);
        }
        vox::Result<Replay> decoded = decodeShareCode(code);
        if (decoded.ok()) {
            ++accepted;
            EXPECT_LE(decoded.value().inputs.size(), static_cast<size_t>(kMaxReplayBytes));
            for (uint8_t bits : decoded.value().inputs)
                ASSERT_LE(bits, 7);
        } else {
            ASSERT_TRUE(decoded.error().message.starts_with("run code: ")) << decoded.error().message;
        }
    }
    std::printf("%d of 4000 damaged codes still decoded (edits that keep the code well-formed)\n", accepted);
}

} // namespace
} // namespace invaders::test
