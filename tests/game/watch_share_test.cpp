// Every player game recorded, a top-ten entry's run kept when its initials are entered, WATCH (playback,
// pause, 1x/2x/4x, the banner, the verdict, Back to the same row) and SHARE (the .vir and .txt files, the
// code, the clipboard), through the flow as the player drives it.
#include "flow_test_support.h"
#include "game_flow.h"

#include "audio/audio_system.h"
#include "audio/game_sounds.h"

#include "persist/save_files.h"
#include "persist/score_runs.h"
#include "sim/game_assets.h"
#include "sim/share_code.h"

#include "engine/platform/temp_directory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace invaders {
namespace {

using test::assets;
using test::press;
using test::run;

using vox::ActionState;
using vox::test::TempDirectory;

// A one-player game from the title to its end, tapping Fire and walking left and right; its score.
int32_t playUntilGameOver(GameFlow& flow) {
    flow.step(press(Action::Confirm));
    for (int i = 0; i < 200000 && flow.screen() == Screen::Playing; ++i) {
        ActionState input = i % 2 == 0 ? press(Action::Fire) : ActionState{};
        if ((i / 90) % 3 == 1)
            input.heldBits |= ActionState::bit(Action::Left);
        flow.step(input);
    }
    EXPECT_EQ(flow.screen(), Screen::GameOver);
    return flow.simulation()->player(0).score;
}

// Past GAME OVER and the initials' delay, then "ACE" entered with Confirm (A, then C, then E).
void enterInitials(GameFlow& flow) {
    run(flow, kGameOverFrames + kInputDelayFrames + 2);
    ASSERT_EQ(flow.screen(), Screen::EnterInitials);
    const auto letter = [&flow](int ups) {
        for (int i = 0; i < ups; ++i) {
            flow.step(press(Action::MenuUp));
            flow.step({});
        }
        flow.step(press(Action::Confirm));
        flow.step({});
    };
    letter(0);
    letter(2);
    letter(4);
    ASSERT_EQ(flow.screen(), Screen::HighScores);
}

std::string readText(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

// A clipboard that keeps what it was given, or refuses.
struct FakeClipboard {
    std::string text;
    bool refuse = false;
    ShareClipboard writer() {
        return [this](const std::string& code, const std::filesystem::path& /*runFile*/) -> vox::Status {
            if (refuse)
                return vox::Error{"no clipboard on this test's desktop"};
            text = code;
            return {};
        };
    }
};

TEST(Runs, EveryPlayerGameIsRecordedAndPlaysBackToItsHashAndScore) {
    FlowSettings settings;
    settings.seed = 77;
    GameFlow flow(settings, assets(), {});
    EXPECT_FALSE(flow.session().lastRun().has_value()) << "nothing before a game";
    const int32_t score = playUntilGameOver(flow);
    ASSERT_GT(score, 0);
    ASSERT_TRUE(flow.session().lastRun().has_value());
    const Replay& recorded = *flow.session().lastRun();
    EXPECT_EQ(recorded.settings.seed, flow.simulation()->settings().seed);
    EXPECT_EQ(recorded.finalStateHash, flow.simulation()->stateHash());
    // Played again on a simulation of its own: the same end, so recording changed nothing.
    const RunVerdict verdict = verifyRun(
        recorded, assets(), RunClaim{0, static_cast<uint32_t>(score), flow.simulation()->player(0).wave});
    EXPECT_TRUE(verdict.verified()) << verdict.problem;
    EXPECT_EQ(verdict.finalScore, static_cast<uint32_t>(score));

    // A second game is a new run, open until it ends.
    const uint64_t firstSeed = recorded.settings.seed;
    enterInitials(flow);
    run(flow, kInputDelayFrames + 1);
    flow.step(press(Action::Back)); // the table: to the title
    ASSERT_EQ(flow.screen(), Screen::Title);
    flow.step(press(Action::Confirm)); // 1 PLAYER
    ASSERT_EQ(flow.screen(), Screen::Playing);
    ASSERT_TRUE(flow.session().lastRun().has_value());
    EXPECT_NE(flow.session().lastRun()->settings.seed, firstSeed);
    EXPECT_EQ(flow.session().lastRun()->settings.seed, flow.simulation()->settings().seed);
    EXPECT_EQ(flow.session().lastRun()->inputs.size(), 0u);

    // A demo game is none.
    FlowSettings demo;
    demo.demo = true;
    GameFlow demoFlow(demo, assets(), {});
    run(demoFlow, 600);
    EXPECT_FALSE(demoFlow.session().lastRun().has_value());
}

TEST(Runs, ATopTenScoreKeepsItsRunWhenItsInitialsAreEntered) {
    TempDirectory temp;
    const std::filesystem::path table = highScoresPath(temp.path());
    FakeClipboard clipboard;
    FileRunStore store(table, temp.path() / "shared", clipboard.writer());
    GameFlow flow({}, assets(), {});
    flow.setRunStore(&store);
    const int32_t score = playUntilGameOver(flow);
    enterInitials(flow);
    ASSERT_EQ(flow.runs().highScores().entries().size(), 1u);
    const HighScore& entry = flow.runs().highScores().entries()[0];
    EXPECT_EQ(entry.initialsText(), "ACE");
    ASSERT_TRUE(entry.run.has_value()) << flow.runs().runNote();
    EXPECT_TRUE(std::filesystem::exists(scoreRunPath(scoreRunsDirectory(table), entry.run->id)));
    // Saved with the link, and the saved run holds its claim.
    Loaded<HighScoreTable> saved = loadHighScores(table);
    ASSERT_EQ(saved.value.entries().size(), 1u);
    EXPECT_EQ(saved.value.entries()[0].run, entry.run);
    vox::Result<Replay> kept = loadEntryRun(table, saved.value.entries()[0]);
    ASSERT_TRUE(kept.ok()) << kept.error().message;
    const RunVerdict verdict = verifyRun(kept.value(), assets(), runClaimOf(saved.value.entries()[0]));
    EXPECT_TRUE(verdict.verified()) << verdict.problem;
    EXPECT_EQ(verdict.finalScore, static_cast<uint32_t>(score));
}

TEST(Runs, ARunThatCannotBeKeptIsAWarningAndTheGameGoesOn) {
    TempDirectory temp;
    // The table's folder is a file: nothing can be written there.
    const std::filesystem::path blocked = temp.path() / "blocked";
    std::ofstream(blocked) << "a file, not a folder";
    FileRunStore store(blocked / "highscores.txt", blocked / "shared", nullptr);
    GameFlow flow({}, assets(), {});
    flow.setRunStore(&store);
    playUntilGameOver(flow);
    enterInitials(flow);
    EXPECT_EQ(flow.screen(), Screen::HighScores);
    ASSERT_EQ(flow.runs().highScores().entries().size(), 1u) << "the score still counts";
    EXPECT_FALSE(flow.runs().highScores().entries()[0].run.has_value());
    EXPECT_NE(flow.runs().runNote().find("not kept"), std::string::npos) << flow.runs().runNote();
}

// A flow whose table holds one kept run (entered as "ACE" after a real game), on the table after it.
struct KeptRun {
    TempDirectory temp;
    FakeClipboard clipboard;
    FileRunStore store{highScoresPath(temp.path()), temp.path() / "shared", clipboard.writer()};
    GameFlow flow{{}, assets(), {}};
    int32_t score = 0;

    KeptRun() {
        flow.setRunStore(&store);
        score = playUntilGameOver(flow);
        enterInitials(flow);
        run(flow, kInputDelayFrames + 1);
    }
};

TEST(Watch, PlaysTheRowsRunWithPauseAndSpeedsThenSaysItVerified) {
    KeptRun kept;
    GameFlow& flow = kept.flow;
    ASSERT_EQ(flow.screens().get<HighScoresScreen>().selectedRow(flow.shared(), flow.runs()), 0);
    EXPECT_FALSE(flow.runs().runVerified(flow.runs().highScores().entries()[0]).has_value())
        << "not watched yet";
    flow.step(press(Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::Watch);
    const RunPlayback* watched = flow.runs().watchedRun();
    ASSERT_NE(watched, nullptr) << flow.runs().watchNote();
    EXPECT_EQ(flow.simulation(), &watched->simulation()) << "the playfield drawn is the watched run's";
    EXPECT_EQ(watched->banner().initials, "ACE");
    EXPECT_EQ(watched->banner().score, static_cast<uint32_t>(kept.score));

    const auto advanced = [&](ActionState input) {
        const int64_t before = watched->stepsPlayed();
        flow.step(input);
        return watched->stepsPlayed() - before;
    };
    EXPECT_EQ(advanced({}), 1);
    EXPECT_EQ(advanced(press(Action::MenuUp)), 2) << "Up: 2x";
    EXPECT_EQ(advanced({}), 2);
    EXPECT_EQ(advanced(press(Action::MenuUp)), 4) << "Up again: 4x";
    EXPECT_EQ(advanced(press(Action::MenuUp)), 4) << "4x is the fastest";
    EXPECT_EQ(advanced(press(Action::MenuDown)), 2) << "Down: slower";
    EXPECT_EQ(advanced(press(Action::MenuDown)), 1) << "1x";
    advanced(press(Action::MenuDown));
    EXPECT_EQ(watched->slowdown(), 2) << "1/2x: a step every second frame";
    EXPECT_EQ(advanced({}) + advanced({}), 1);
    advanced(press(Action::MenuDown));
    advanced(press(Action::MenuDown));
    EXPECT_EQ(watched->slowdown(), 4) << "1/4x is the slowest";
    EXPECT_EQ(advanced({}) + advanced({}) + advanced({}) + advanced({}), 1);
    for (int i = 0; i < 2; ++i)
        advanced(press(Action::MenuUp));
    ASSERT_EQ(watched->speed(), 1);
    ASSERT_EQ(watched->slowdown(), 1);

    // Jumps while playing: Left/Right 5 seconds, Page Up/Down 30; silent, and a jump for the scene.
    ASSERT_GT(watched->totalSteps(), 1900) << "the run is long enough for the jumps below";
    const uint64_t jumps = flow.runs().watchJumps();
    EXPECT_EQ(advanced(press(Action::MenuPageDown)), 1800);
    EXPECT_FALSE(flow.sessionStepped()) << "a jump plays no step's sounds";
    EXPECT_TRUE(flow.events().empty());
    EXPECT_EQ(flow.runs().watchJumps(), jumps + 1);
    EXPECT_EQ(advanced(press(Action::MenuLeft)), -300);
    EXPECT_EQ(advanced(press(Action::MenuRight)), 300);
    EXPECT_EQ(advanced(press(Action::MenuPageUp)), -1800);

    // Paused: Left/Right one step; forward plays its sounds, back does not.
    EXPECT_EQ(advanced(press(Action::Pause)), 0) << "the pause key pauses";
    EXPECT_TRUE(watched->paused());
    EXPECT_EQ(advanced({}), 0);
    EXPECT_EQ(advanced(press(Action::MenuRight)), 1);
    EXPECT_TRUE(flow.sessionStepped()) << "a step forward plays its sounds";
    EXPECT_EQ(advanced({}), 0);
    EXPECT_EQ(advanced(press(Action::MenuLeft)), -1);
    EXPECT_FALSE(flow.sessionStepped()) << "a step back plays none";
    EXPECT_EQ(advanced(press(Action::MenuUp)), 0) << "the rate changes, paused";
    EXPECT_EQ(watched->speed(), 2);
    EXPECT_EQ(flow.screen(), Screen::Watch);
    EXPECT_EQ(advanced(press(Action::Confirm)), 0) << "Enter (or Space) plays";
    EXPECT_FALSE(watched->paused());
    EXPECT_EQ(advanced({}), 2);
    EXPECT_EQ(advanced(press(Action::Confirm)), 0) << "and pauses";
    EXPECT_TRUE(watched->paused());
    EXPECT_EQ(advanced(press(Action::Pause)), 0) << "as the pause key does";
    EXPECT_FALSE(watched->paused());

    for (int i = 0; i < 200000 && !watched->ended(); ++i)
        flow.step({});
    ASSERT_TRUE(watched->ended());
    ASSERT_TRUE(watched->verdict().has_value());
    EXPECT_TRUE(watched->verdict()->verified()) << watched->verdict()->problem;
    EXPECT_EQ(flow.runs().runVerified(flow.runs().highScores().entries()[0]), std::optional<bool>(true));
    flow.step({});
    EXPECT_EQ(flow.selectedItem(), "WATCH AGAIN") << "the end's menu starts on its first entry";
    const int64_t total = watched->totalSteps();
    flow.step(press(Action::MenuLeft));
    EXPECT_FALSE(watched->ended()) << "Left: back into the run";
    EXPECT_TRUE(watched->paused());
    EXPECT_EQ(watched->stepsPlayed(), total - 1);
    flow.step(press(Action::MenuRight));
    EXPECT_TRUE(watched->ended()) << "and on to its end again";
    flow.step({});
    EXPECT_EQ(flow.selectedItem(), "WATCH AGAIN");
    flow.step(press(Action::Back));
    EXPECT_EQ(flow.screen(), Screen::HighScores);
    EXPECT_EQ(flow.screens().get<HighScoresScreen>().selectedRow(flow.shared(), flow.runs()), 0)
        << "back on the same row";
    EXPECT_EQ(flow.runs().watchedRun(), nullptr);
}

TEST(Watch, ARunThatDoesNotHoldItsClaimIsUnverifiedAndSaysWhy) {
    KeptRun kept;
    // The same run claimed for a higher score: the table was tampered with.
    HighScore entry = kept.flow.runs().highScores().entries()[0];
    entry.score += 1000;
    HighScoreTable table;
    ASSERT_TRUE(table.insert(entry).has_value());
    GameFlow browsing({}, assets(), table); // the table browsed from the title's HIGH SCORES
    browsing.setRunStore(&kept.store);
    for (int i = 0; i < 2; ++i) {
        browsing.step(press(Action::MenuDown));
        browsing.step({});
    }
    ASSERT_EQ(browsing.selectedItem(), "HIGH SCORES");
    browsing.step(press(Action::Confirm));
    ASSERT_EQ(browsing.screen(), Screen::HighScores);
    browsing.step(press(Action::Confirm));
    ASSERT_EQ(browsing.screen(), Screen::Watch);
    const RunPlayback* watched = browsing.runs().watchedRun();
    ASSERT_NE(watched, nullptr) << browsing.runs().watchNote();
    for (int i = 0; i < 200000 && !watched->ended(); ++i)
        browsing.step({});
    ASSERT_TRUE(watched->verdict().has_value());
    EXPECT_FALSE(watched->verdict()->verified());
    EXPECT_TRUE(watched->verdict()->hashMatches) << "the run itself is sound";
    EXPECT_NE(watched->verdict()->problem.find(std::to_string(entry.score) + " points"), std::string::npos)
        << watched->verdict()->problem;
    EXPECT_EQ(browsing.runs().runVerified(browsing.runs().highScores().entries()[0]),
              std::optional<bool>(false));
}

TEST(Watch, ARowWithoutARunSaysSoInsteadOfPlaying) {
    HighScoreTable table;
    ASSERT_TRUE(table.insert({{'O', 'L', 'D'}, 500, 1}).has_value());
    GameFlow flow({}, assets(), table);
    for (int i = 0; i < 2; ++i) {
        flow.step(press(Action::MenuDown));
        flow.step({});
    }
    flow.step(press(Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::HighScores);
    flow.step(press(Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::Watch);
    EXPECT_EQ(flow.runs().watchedRun(), nullptr);
    EXPECT_EQ(flow.runs().watchNote(), "NO RUN WAS KEPT FOR THIS SCORE");
    EXPECT_EQ(flow.scenery(), Scenery::Sky) << "no playfield without a run";
    flow.step({});
    flow.step(press(Action::Confirm)); // BACK TO THE TABLE
    EXPECT_EQ(flow.screen(), Screen::HighScores);
}

// At 4x a frame plays four steps: the flow hands out the events (and debris) of all four, and the sounds
// of the frame are those of every step, each sound started once. The run is checked step by step against a
// simulation of its own.
TEST(Watch, AFourTimesFrameSoundsTheEventsOfEachOfItsSteps) {
    KeptRun kept;
    GameFlow& flow = kept.flow;
    flow.step(press(Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::Watch);
    const RunPlayback* watched = flow.runs().watchedRun();
    ASSERT_NE(watched, nullptr) << flow.runs().watchNote();
    Simulation reference(watched->replay().settings, assets());
    std::vector<SoundCue> cues;
    OfflineOutput output;
    output.cues = [&cues](const SoundCue& cue) { cues.push_back(cue); };
    AudioSystem audio = AudioSystem::offline(std::move(output));
    GameSounds sounds;

    int32_t fourStepFrames = 0;
    int32_t framesWithAnEarlierStepsSound = 0; // a sound no event of the frame's last step fires
    const auto frame = [&](const ActionState& input) {
        const int64_t before = watched->stepsPlayed();
        flow.step(input);
        cues.clear();
        sounds.step(flow.events(), flow.screen(), flow.simulation(), audio);
        std::vector<SimEvent> expected;
        std::set<SoundId> expectedSounds;
        std::set<SoundId> lastStepSounds;
        for (int64_t step = before; step < watched->stepsPlayed(); ++step) {
            reference.step(StepInput::fromBits(watched->replay().inputs[static_cast<size_t>(step)]));
            lastStepSounds.clear();
            for (const SimEvent& event : reference.events()) {
                expected.push_back(event);
                if (const std::optional<SoundId> sound = soundFor(event)) {
                    expectedSounds.insert(*sound);
                    lastStepSounds.insert(*sound);
                }
            }
        }
        const std::span<const SimEvent> events = flow.events();
        ASSERT_EQ(events.size(), expected.size()) << "the events of every step of the frame";
        for (size_t i = 0; i < expected.size(); ++i) {
            EXPECT_EQ(events[i].type, expected[i].type) << i;
            EXPECT_EQ(events[i].position, expected[i].position) << i;
            EXPECT_EQ(flow.debris(events[i]).size(), static_cast<size_t>(expected[i].debrisCount)) << i;
        }
        std::vector<SoundId> played;
        for (const SoundCue& cue : cues)
            if (cue.kind == SoundCue::Kind::Play)
                played.push_back(cue.sound);
        const std::set<SoundId> playedOnce(played.begin(), played.end());
        EXPECT_EQ(playedOnce.size(), played.size()) << "each sound starts once a frame";
        EXPECT_EQ(playedOnce, expectedSounds) << "at step " << before;
        fourStepFrames += watched->stepsPlayed() - before == 4;
        framesWithAnEarlierStepsSound += !std::includes(lastStepSounds.begin(), lastStepSounds.end(),
                                                        expectedSounds.begin(), expectedSounds.end());
    };
    frame(press(Action::MenuUp)); // 2x
    frame(press(Action::MenuUp)); // 4x
    ASSERT_EQ(watched->speed(), 4);
    for (int i = 0; i < 200000 && !watched->ended(); ++i)
        frame({});
    ASSERT_TRUE(watched->ended());
    EXPECT_EQ(reference.stateHash(), watched->simulation().stateHash());
    EXPECT_GT(fourStepFrames, 100);
    EXPECT_GT(framesWithAnEarlierStepsSound, 10) << "what the last step alone would have missed";
    std::printf("%d frames of 4 steps, %d with a sound of an earlier step\n", fourStepFrames,
                framesWithAnEarlierStepsSound);
}

TEST(Watch, TheAttractTableStaysATimedDisplay) {
    HighScoreTable table;
    ASSERT_TRUE(table.insert({{'O', 'L', 'D'}, 500, 1}).has_value());
    GameFlow flow({}, assets(), table);
    run(flow, kTitleFrames + kScoreTableFrames + 2);
    ASSERT_EQ(flow.screen(), Screen::HighScores);
    EXPECT_FALSE(flow.shared().tableBrowsable);
    EXPECT_EQ(flow.screens().get<HighScoresScreen>().selectedRow(flow.shared(), flow.runs()), -1);
    flow.step(press(Action::Confirm));
    EXPECT_EQ(flow.screen(), Screen::Playing) << "Confirm starts a game, as on every attract screen";
}

TEST(Share, AfterAGameSavesTheRunAndItsCodeAndCopiesTheCode) {
    KeptRun kept;
    GameFlow& flow = kept.flow;
    flow.step(press(Action::MenuDown)); // past the last row: SHARE THIS GAME
    flow.step({});
    flow.step(press(Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::Share);
    ASSERT_TRUE(flow.runs().sharedRun().has_value()) << flow.runs().shareError();
    const SharedRun& shared = *flow.runs().sharedRun();
    EXPECT_EQ(shared.file.filename().string(), "ACE-" + std::to_string(kept.score) + "-" +
                                                   std::to_string(flow.session().lastRun()->settings.seed) +
                                                   ".vir");
    EXPECT_EQ(shared.file.parent_path(), kept.temp.path() / "shared");
    vox::Result<Replay> file = readReplayFile(shared.file);
    ASSERT_TRUE(file.ok()) << file.error().message;
    EXPECT_EQ(file.value().inputs, flow.session().lastRun()->inputs);
    EXPECT_EQ(file.value().finalStateHash, flow.session().lastRun()->finalStateHash);
    const std::string text = readText(shared.codeFile);
    EXPECT_EQ(text, shared.code + "\n");
    vox::Result<Replay> decoded = decodeShareCode(text);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    EXPECT_EQ(decoded.value().inputs, flow.session().lastRun()->inputs);
    EXPECT_EQ(decoded.value().settings.seed, flow.session().lastRun()->settings.seed);
    EXPECT_EQ(decoded.value().finalStateHash, flow.session().lastRun()->finalStateHash);
    EXPECT_TRUE(shared.copied);
    EXPECT_EQ(kept.clipboard.text, shared.code);
    flow.step(press(Action::Back));
    EXPECT_EQ(flow.screen(), Screen::HighScores);
}

TEST(Share, AGameOutsideTheTopTenCanBeSharedToo) {
    TempDirectory temp;
    HighScoreTable full;
    for (int i = 0; i < HighScoreTable::kCapacity; ++i)
        ASSERT_TRUE(full.insert({{'T', 'O', 'P'}, 9000, 9}).has_value());
    FakeClipboard clipboard;
    FileRunStore store(highScoresPath(temp.path()), temp.path() / "shared", clipboard.writer());
    GameFlow flow({}, assets(), full);
    flow.setRunStore(&store);
    const int32_t score = playUntilGameOver(flow);
    run(flow, kGameOverFrames + 1);
    ASSERT_EQ(flow.screen(), Screen::HighScores) << "no initials: the table, to share the game";
    EXPECT_TRUE(flow.shared().tableAfterGame);
    EXPECT_EQ(flow.screens().get<HighScoresScreen>().selectedRow(flow.shared(), flow.runs()),
              HighScoreTable::kCapacity)
        << "SHARE THIS GAME";
    run(flow, kInputDelayFrames + 1);
    flow.step(press(Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::Share);
    ASSERT_TRUE(flow.runs().sharedRun().has_value()) << flow.runs().shareError();
    EXPECT_EQ(flow.runs().sharedRun()->file.filename().string().substr(0, 4 + std::to_string(score).size()),
              "RUN-" + std::to_string(score));
    vox::Result<Replay> decoded = decodeShareCode(clipboard.text);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    EXPECT_EQ(decoded.value().inputs, flow.session().lastRun()->inputs);
}

TEST(Share, FromWatchSharesTheWatchedRunAndAClipboardFailureIsANote) {
    KeptRun kept;
    kept.clipboard.refuse = true;
    GameFlow& flow = kept.flow;
    flow.step(press(Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::Watch);
    const RunPlayback* playing = flow.runs().watchedRun();
    ASSERT_NE(playing, nullptr);
    for (int i = 0; i < 1000 && !playing->ended(); ++i) { // Page Down to the end: the verdict and its menu
        flow.step(press(Action::MenuPageDown));
        flow.step({});
    }
    flow.step(press(Action::MenuDown)); // WATCH AGAIN, SHARE
    flow.step({});
    flow.step(press(Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::Share);
    ASSERT_TRUE(flow.runs().sharedRun().has_value()) << flow.runs().shareError();
    EXPECT_FALSE(flow.runs().sharedRun()->copied);
    EXPECT_EQ(flow.runs().sharedRun()->clipboardNote, "no clipboard on this test's desktop");
    EXPECT_TRUE(std::filesystem::exists(flow.runs().sharedRun()->file))
        << "the files are written all the same";
    EXPECT_EQ(flow.runs().sharedRun()->file.filename().string().substr(0, 4), "ACE-");
    flow.step(press(Action::Back));
    EXPECT_EQ(flow.screen(), Screen::Watch) << "back to the run's end";
    const RunPlayback* watched = flow.runs().watchedRun();
    ASSERT_NE(watched, nullptr);
    EXPECT_TRUE(watched->ended());
}

TEST(Share, AFolderThatCannotBeWrittenIsAnErrorNamingIt) {
    TempDirectory temp;
    const std::filesystem::path blocked = temp.path() / "blocked";
    std::ofstream(blocked) << "a file, not a folder";
    FileRunStore store(highScoresPath(temp.path()), blocked / "shared", nullptr);
    GameFlow flow({}, assets(), {});
    flow.setRunStore(&store);
    playUntilGameOver(flow);
    enterInitials(flow);
    run(flow, kInputDelayFrames + 1);
    flow.step(press(Action::MenuDown));
    flow.step({});
    flow.step(press(Action::Confirm));
    ASSERT_EQ(flow.screen(), Screen::Share);
    EXPECT_FALSE(flow.runs().sharedRun().has_value());
    EXPECT_NE(flow.runs().shareError().find(blocked.string()), std::string::npos) << flow.runs().shareError();
}

TEST(Share, FileNamesKeepToLettersAndDigits) {
    EXPECT_EQ(sharedRunFileName("ACE", 1230, 42), "ACE-1230-42.vir");
    EXPECT_EQ(sharedRunFileName("../", 5, 1), "RUN-5-1.vir");
    EXPECT_EQ(sharedRunFileName("a/B", 0, 9), "B-0-9.vir");
}

TEST(Share, LongTextWrapsAtSpacesAndCutsLongWords) {
    EXPECT_EQ(wrapLines("ONE TWO THREE", 7), (std::vector<std::string>{"ONE TWO", "THREE"}));
    EXPECT_EQ(wrapLines("/a/very/long/path", 6), (std::vector<std::string>{"/a/ver", "y/long", "/path"}));
    EXPECT_EQ(wrapLines("", 10), (std::vector<std::string>{""}));
}

} // namespace
} // namespace invaders
