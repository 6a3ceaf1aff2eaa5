// The game's mix, rendered offline as `--audio-out` renders it: `GameFlow` steps a demo or a recorded game,
// `GameSounds` turns each step into sounds (the code `GameScene` uses), and an offline `AudioSystem` mixes
// exactly one 60 Hz step of samples per step. The tests listen with numbers: peak level, clipped samples,
// which sounds are in the mix, the march's tempo, each sound's loudness and the volumes' effect.
#include "audio/audio_system.h"
#include "audio/game_sounds.h"
#include "audio/march_tempo.h"
#include "audio/mixer.h"
#include "audio/sound_bank.h"
#include "audio/synth.h"
#include "game_flow.h"
#include "sim/asset_loader.h"
#include "sim/replay.h"

#include "vox/core/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

namespace invaders {
namespace {

constexpr int kRate = kOfflineSampleRate;
constexpr int kSamplesPerStep = kRate / 60;
// -1 dBFS, the most any sample of the mix may reach.
const float kMinus1Dbfs = static_cast<float>(std::pow(10.0, -1.0 / 20.0));
// A sample this close to full scale is clipped (or was about to be).
constexpr float kClipLevel = 0.999f;
// The five-minute demo recording kept in the repository: waves 1 to 5 and an extra life.
constexpr const char* kRecording = "tests/data/replays/demo-seed5-18000.vir";
// A demo with every sound: seed 23's pilot shoots a saucer down (40 s in), earns the extra ship (120 s)
// and loses a cannon (144 s); the pilot seldom dies, and of seeds 1 to 24 only 23 lost one in 3 minutes.
constexpr uint64_t kEverySoundSeed = 23;
constexpr int kEverySoundSteps = 150 * 60;

constexpr Volumes kFullVolume{.master = 1.0f, .effects = 1.0f, .mute = false};

double decibels(double ratio) {
    return 20.0 * std::log10(ratio);
}

// An offline output that appends every step's samples to `samples`.
OfflineOutput collectInto(std::vector<float>& samples) {
    OfflineOutput output;
    output.samples = [&samples](std::span<const float> step) {
        samples.insert(samples.end(), step.begin(), step.end());
    };
    return output;
}

int64_t clippedSamples(std::span<const float> samples) {
    return std::count_if(samples.begin(), samples.end(), [](float s) { return std::abs(s) >= kClipLevel; });
}

const GameAssets& assets() {
    // The models the game ships (a recording only plays back to its state with the models it was made with).
    static const GameAssets loaded = [] {
        vox::Result<GameAssets> result = loadGameAssets("assets");
        VOX_VERIFY(result.ok(), "the mix tests run from the source tree, which holds assets/");
        return std::move(result).value();
    }();
    return loaded;
}

// What one step of the flow left behind, for the tempo test.
struct StepState {
    int32_t liveInvaders = 0;
    bool cannonAlive = false;
    int32_t wave = 0;
};

// An offline render of a flow: every sample, every cue, and the state after every step.
struct Render {
    std::vector<float> samples;
    std::vector<SoundCue> cues;
    std::vector<StepState> steps;

    [[nodiscard]] std::vector<SoundCue> cuesOf(SoundId sound,
                                               SoundCue::Kind kind = SoundCue::Kind::Play) const {
        std::vector<SoundCue> found;
        std::copy_if(cues.begin(), cues.end(), std::back_inserter(found),
                     [&](const SoundCue& cue) { return cue.sound == sound && cue.kind == kind; });
        return found;
    }
};

// Steps `flow` (no input: the demo pilot or the recording plays) `steps` times, or until it finishes, and
// renders its sound at `volumes`, as GameScene::step does.
Render renderFlow(const FlowSettings& settings, int steps, const Volumes& volumes) {
    Render render;
    OfflineOutput output = collectInto(render.samples);
    output.cues = [&render](const SoundCue& cue) { render.cues.push_back(cue); };
    AudioSystem audio = AudioSystem::offline(std::move(output), kRate, volumes);
    GameFlow flow(settings, assets(), HighScoreTable());
    GameSounds sounds;
    for (int step = 0; step < steps && !flow.finished(); ++step) {
        flow.step({});
        sounds.step(flow.events(), flow.screen(), flow.simulation(), audio);
        audio.renderStep();
        const Simulation* simulation = flow.simulation();
        StepState state;
        if (simulation != nullptr) {
            state.liveInvaders = simulation->activePlayer().rack.liveCount;
            state.cannonAlive = simulation->cannon().phase == CannonPhase::Alive;
            state.wave = simulation->activePlayer().wave;
        }
        render.steps.push_back(state);
    }
    return render;
}

Render renderDemo(uint64_t seed, int steps, const Volumes& volumes) {
    FlowSettings settings;
    settings.seed = seed;
    settings.demo = true;
    return renderFlow(settings, steps, volumes);
}

// The recording played back at full volume, rendered once for the tests that need a long game.
const Render& recordedGame() {
    static const Render render = [] {
        vox::Result<Replay> replay = readReplayFile(kRecording);
        VOX_VERIFY(replay.ok(), "the recording in tests/data/replays must load (Cli tests say why not)");
        FlowSettings settings;
        settings.replay = std::move(replay).value();
        const int steps = static_cast<int>(settings.replay->inputs.size());
        return renderFlow(settings, steps, kFullVolume);
    }();
    return render;
}

// The demo with every sound, at full volume, rendered once.
const Render& everySoundDemo() {
    static const Render render = renderDemo(kEverySoundSeed, kEverySoundSteps, kFullVolume);
    return render;
}

// `sound` alone at full volume, from its start to its end (a loop: one pass of it).
std::vector<float> solo(SoundId sound) {
    std::vector<float> samples;
    AudioSystem audio = AudioSystem::offline(collectInto(samples), kRate, kFullVolume);
    const size_t length = SoundBank::synthesize(kRate).samples(sound).size();
    if (sound == SoundId::SaucerLoop)
        audio.startLoop(sound);
    else
        audio.play(sound);
    while (samples.size() < length)
        audio.renderStep();
    samples.resize(length);
    return samples;
}

void expectNoClipping(std::span<const float> samples, const std::string& what) {
    const float largest = peakLevel(samples);
    const int64_t clipped = clippedSamples(samples);
    std::printf("%s: peak %.4f (%.2f dBFS), %lld clipped samples of %zu\n", what.c_str(), largest,
                decibels(largest), static_cast<long long>(clipped), samples.size());
    EXPECT_LE(largest, kMinus1Dbfs) << what << ": peak " << decibels(largest) << " dBFS";
    EXPECT_EQ(clipped, 0) << what;
}

// --- The offline render itself -----------------------------------------------------------------------------

// GameSounds needs no flow: a step's events and the screen shown after it are all it takes. A shot and a
// kill play on a game's screen; the pause menu silences what plays.
TEST(GameSounds, PlaysAStepsEventsAndSilencesThePauseMenuWithoutAFlow) {
    std::vector<SoundCue> cues;
    std::vector<float> samples;
    OfflineOutput output = collectInto(samples);
    output.cues = [&cues](const SoundCue& cue) { cues.push_back(cue); };
    AudioSystem audio = AudioSystem::offline(std::move(output), kRate, kFullVolume);
    GameSounds sounds;
    const std::vector<SimEvent> events = {{SimEventType::PlayerShotFired}, {SimEventType::InvaderKilled}};
    sounds.step(events, Screen::Playing, nullptr, audio);
    audio.renderStep();
    ASSERT_EQ(cues.size(), 2u);
    EXPECT_EQ(cues[0].sound, SoundId::Shot);
    EXPECT_EQ(cues[1].sound, SoundId::InvaderHit);
    sounds.step({}, Screen::Paused, nullptr, audio);
    audio.renderStep();
    ASSERT_EQ(cues.size(), 3u) << "the shot's tail still plays, so the pause stops it";
    EXPECT_EQ(cues[2].kind, SoundCue::Kind::StopAll);
}

// A frame of several steps' events (WATCH at 4x): every sound they fire plays, each once, in the order of
// its first event: two shots are one shot, two march notes two notes.
TEST(GameSounds, AFrameOfSeveralStepsStartsEachOfItsSoundsOnce) {
    std::vector<SoundCue> cues;
    OfflineOutput output;
    output.cues = [&cues](const SoundCue& cue) { cues.push_back(cue); };
    AudioSystem audio = AudioSystem::offline(std::move(output), kRate, kFullVolume);
    GameSounds sounds;
    const std::vector<SimEvent> events = {{SimEventType::MarchNote, 0},    {SimEventType::PlayerShotFired},
                                          {SimEventType::InvaderKilled},   {SimEventType::MarchNote, 1},
                                          {SimEventType::PlayerShotFired}, {SimEventType::InvaderKilled},
                                          {SimEventType::InvaderKilled}};
    sounds.step(events, Screen::Watch, nullptr, audio);
    std::vector<SoundId> played;
    for (const SoundCue& cue : cues) {
        EXPECT_EQ(cue.kind, SoundCue::Kind::Play);
        played.push_back(cue.sound);
    }
    const std::vector<SoundId> expected = {marchNote(0), SoundId::Shot, SoundId::InvaderHit, marchNote(1)};
    EXPECT_EQ(played, expected);
    // The next frame starts them again.
    cues.clear();
    sounds.step(std::span(events).first(2), Screen::Watch, nullptr, audio);
    EXPECT_EQ(cues.size(), 2u);
}

TEST(OfflineAudio, EachStepIsExactlyOneSixtiethOfASecondAndCuesLandOnStepStarts) {
    for (int rate : {48000, 44100, 22080}) {
        SCOPED_TRACE(rate);
        std::vector<size_t> blocks;
        std::vector<SoundCue> cues;
        OfflineOutput output;
        output.samples = [&blocks](std::span<const float> step) { blocks.push_back(step.size()); };
        output.cues = [&cues](const SoundCue& cue) { cues.push_back(cue); };
        AudioSystem audio = AudioSystem::offline(std::move(output), rate, kFullVolume);
        EXPECT_TRUE(audio.isOffline());
        EXPECT_FALSE(audio.isSilent());
        EXPECT_EQ(audio.sampleRate(), rate);
        audio.renderStep();
        audio.play(SoundId::Shot);
        audio.renderStep();
        audio.startLoop(SoundId::SaucerLoop);
        audio.startLoop(SoundId::SaucerLoop); // already looping: no second cue
        audio.renderStep();
        audio.stopLoop(SoundId::SaucerLoop);
        audio.stopAll();
        EXPECT_EQ(blocks, std::vector<size_t>(3, static_cast<size_t>(rate / 60)));
        EXPECT_EQ(audio.renderedSamples(), 3 * rate / 60);
        ASSERT_EQ(cues.size(), 4u);
        EXPECT_EQ(cues[0].kind, SoundCue::Kind::Play);
        EXPECT_EQ(cues[0].sample, rate / 60);
        EXPECT_EQ(cues[1].kind, SoundCue::Kind::StartLoop);
        EXPECT_EQ(cues[1].sample, 2 * rate / 60);
        EXPECT_EQ(cues[2].kind, SoundCue::Kind::StopLoop);
        EXPECT_EQ(cues[3].kind, SoundCue::Kind::StopAll);
        EXPECT_EQ(cues[3].sample, 3 * rate / 60);
    }
}

TEST(OfflineAudio, TheSameRunRendersTheSameSamples) {
    const uint64_t seed = 3;
    SCOPED_TRACE("demo seed " + std::to_string(seed));
    const Render first = renderDemo(seed, 600, Volumes{});
    const Render second = renderDemo(seed, 600, Volumes{});
    EXPECT_EQ(first.samples.size(), 600u * kSamplesPerStep);
    EXPECT_GT(rmsLevel(first.samples), 0.0) << "the demo is silent";
    EXPECT_EQ(first.samples, second.samples);
}

// --- Levels ---------------------------------------------------------------------------------------------

TEST(GameMix, DemoRendersPeakAtMostMinus1DbfsWithNoClippedSamples) {
    // A minute of demo games from two seeds, at the default volumes and at full volume.
    for (uint64_t seed : {1u, 5u}) {
        for (const Volumes& volumes : {Volumes{}, kFullVolume}) {
            const std::string what = "demo seed " + std::to_string(seed) + ", master " +
                                     std::to_string(volumes.master).substr(0, 3);
            SCOPED_TRACE(what);
            const Render render = renderDemo(seed, 3600, volumes);
            ASSERT_EQ(render.samples.size(), 3600u * kSamplesPerStep);
            expectNoClipping(render.samples, what);
        }
    }
}

TEST(GameMix, TheRecordedFiveMinuteGamePeaksAtMostMinus1DbfsWithNoClippedSamples) {
    expectNoClipping(recordedGame().samples, kRecording);
}

TEST(GameMix, ManySimultaneousEventsStayBelowMinus1Dbfs) {
    // Every voice busy at once, started on the same sample: the worst the game could ask for.
    {
        std::vector<float> samples;
        AudioSystem audio = AudioSystem::offline(collectInto(samples), kRate, kFullVolume);
        audio.startLoop(SoundId::SaucerLoop);
        for (int voice = 1; voice < Mixer::kVoiceCount; ++voice) {
            const auto sound = static_cast<SoundId>(voice % kSoundCount);
            audio.play(sound == SoundId::SaucerLoop ? SoundId::PlayerHit : sound);
        }
        for (int step = 0; step < 90; ++step)
            audio.renderStep();
        expectNoClipping(samples, "every voice at once");
    }
    // Random bursts: up to 6 sounds per step for 20 seconds.
    for (uint64_t seed : {11u, 12u, 13u}) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        vox::Rng rng(seed);
        std::vector<float> samples;
        AudioSystem audio = AudioSystem::offline(collectInto(samples), kRate, kFullVolume);
        for (int step = 0; step < 20 * 60; ++step) {
            const uint32_t count = rng.below(7);
            for (uint32_t i = 0; i < count; ++i) {
                const auto sound = static_cast<SoundId>(rng.below(kSoundCount));
                if (sound == SoundId::SaucerLoop)
                    audio.startLoop(sound);
                else
                    audio.play(sound);
            }
            if (rng.below(120) == 0)
                audio.stopLoop(SoundId::SaucerLoop);
            audio.renderStep();
        }
        expectNoClipping(samples, "random bursts, seed " + std::to_string(seed));
    }
}

TEST(GameMix, EverySoundIsWithin6DbOfEveryOtherMeasuredAsRmsOverTheSound) {
    std::map<SoundId, double> loudness;
    for (int i = 0; i < kSoundCount; ++i) {
        const auto sound = static_cast<SoundId>(i);
        const std::vector<float> samples = solo(sound);
        loudness[sound] = decibels(rmsLevel(samples));
        std::printf("%-10s rms %6.1f dBFS  peak %6.1f dBFS  %5.0f ms\n",
                    std::string(soundName(sound)).c_str(), loudness[sound], decibels(peakLevel(samples)),
                    1000.0 * static_cast<double>(samples.size()) / kRate);
    }
    const auto [quietest, loudest] = std::minmax_element(
        loudness.begin(), loudness.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    EXPECT_LE(loudest->second - quietest->second, 6.0)
        << soundName(loudest->first) << " is " << loudest->second - quietest->second << " dB louder than "
        << soundName(quietest->first);
}

TEST(GameMix, TheLimiterOnlyCatchesRarePileUps) {
    // The cues replayed through a bare Mixer give the render back sample for sample, and the mixer says how
    // often its limiter acted: the levels, not the limiter, keep a game below the ceiling.
    struct Case {
        std::string name;
        const Render* render;
    };
    const Render demo1 = renderDemo(1, 3600, kFullVolume);
    const Case cases[] = {{"demo seed 1", &demo1},
                          {"demo seed " + std::to_string(kEverySoundSeed), &everySoundDemo()},
                          {kRecording, &recordedGame()}};
    for (const Case& test : cases) {
        SCOPED_TRACE(test.name);
        const Render& render = *test.render;
        Mixer mixer(SoundBank::synthesize(kRate));
        mixer.setVolumes(kFullVolume);
        std::vector<float> replayed(render.samples.size());
        size_t next = 0;
        for (size_t start = 0; start < replayed.size(); start += kSamplesPerStep) {
            for (; next < render.cues.size() && render.cues[next].sample == static_cast<int64_t>(start);
                 ++next) {
                const SoundCue& cue = render.cues[next];
                switch (cue.kind) {
                case SoundCue::Kind::Play:
                    mixer.play(cue.sound);
                    break;
                case SoundCue::Kind::StartLoop:
                    mixer.startLoop(cue.sound);
                    break;
                case SoundCue::Kind::StopLoop:
                    mixer.stopLoop(cue.sound);
                    break;
                case SoundCue::Kind::StopAll:
                    mixer.stopAll();
                    break;
                }
            }
            mixer.mix(std::span(replayed).subspan(start, kSamplesPerStep));
        }
        EXPECT_EQ(next, render.cues.size());
        EXPECT_TRUE(replayed == render.samples) << "the cues do not account for the render";
        const double share =
            static_cast<double>(mixer.limitedSamples()) / static_cast<double>(replayed.size());
        std::printf("%s: the limiter acted on %.3f%% of the samples\n", test.name.c_str(), 100.0 * share);
        EXPECT_LT(share, 0.005);
    }
}

// --- What is in the mix ----------------------------------------------------------------------------------

TEST(GameMix, ADemoPlaysEverySoundAndEachIsHeardInTheMix) {
    SCOPED_TRACE("demo seed " + std::to_string(kEverySoundSeed));
    const Render& game = everySoundDemo();
    expectNoClipping(game.samples, "demo seed " + std::to_string(kEverySoundSeed));
    for (int i = 0; i < kSoundCount; ++i) {
        const auto sound = static_cast<SoundId>(i);
        SCOPED_TRACE(std::string(soundName(sound)));
        const bool loop = sound == SoundId::SaucerLoop;
        const std::vector<SoundCue> cues =
            game.cuesOf(sound, loop ? SoundCue::Kind::StartLoop : SoundCue::Kind::Play);
        std::printf("%-10s %4zu times\n", std::string(soundName(sound)).c_str(), cues.size());
        ASSERT_FALSE(cues.empty()) << "never played";
        // Heard: the mix over the sound's first playing holds it at (about) its own level. The projection of
        // the mix onto the sound alone is 1 when the sound is in it at full volume; other sounds are
        // uncorrelated with it and add little.
        const std::vector<float> alone = solo(sound);
        const auto start = static_cast<size_t>(cues.front().sample);
        ASSERT_LE(start + alone.size(), game.samples.size());
        double dot = 0.0;
        double self = 0.0;
        for (size_t j = 0; j < alone.size(); ++j) {
            dot += static_cast<double>(game.samples[start + j]) * alone[j];
            self += static_cast<double>(alone[j]) * alone[j];
        }
        EXPECT_NEAR(dot / self, 1.0, 0.25) << "at sample " << start;
    }
    // The saucer's loop stops when it leaves or is shot down, as often as it started.
    EXPECT_EQ(game.cuesOf(SoundId::SaucerLoop, SoundCue::Kind::StopLoop).size(),
              game.cuesOf(SoundId::SaucerLoop, SoundCue::Kind::StartLoop).size());
}

TEST(GameMix, MarchTempoFollowsTheLiveCount) {
    const Render& game = recordedGame();
    SCOPED_TRACE(kRecording);
    std::vector<SoundCue> notes;
    std::copy_if(game.cues.begin(), game.cues.end(), std::back_inserter(notes), [](const SoundCue& cue) {
        return cue.kind == SoundCue::Kind::Play && cue.sound >= SoundId::MarchNote1 &&
               cue.sound <= SoundId::MarchNote4;
    });
    ASSERT_GT(notes.size(), 100u);
    int checked = 0;
    std::set<int> tempos;
    for (size_t i = 0; i + 1 < notes.size(); ++i) {
        ASSERT_EQ(notes[i].sample % kSamplesPerStep, 0) << "notes land on step starts";
        // Step s's samples start at s * kSamplesPerStep; its note was timed by the count the step began with.
        const auto step = static_cast<size_t>(notes[i].sample / kSamplesPerStep);
        const auto next = static_cast<size_t>(notes[i + 1].sample / kSamplesPerStep);
        if (step == 0)
            continue;
        // The march holds while the cannon is gone; only gaps it was on screen for follow the table alone.
        bool steady = true;
        for (size_t s = step + 1; s <= next; ++s)
            steady = steady && game.steps[s].cannonAlive && game.steps[s].wave == game.steps[step].wave;
        if (!steady)
            continue; // a new wave also starts the four notes again
        EXPECT_EQ((static_cast<int>(notes[i].sound) + 1) % kMarchNoteCount,
                  static_cast<int>(notes[i + 1].sound))
            << "the notes cycle 1, 2, 3, 4";
        const int live = game.steps[step - 1].liveInvaders;
        EXPECT_EQ(notes[i + 1].sample - notes[i].sample,
                  static_cast<int64_t>(marchNoteInterval(live)) * kSamplesPerStep)
            << "note at step " << step << " with " << live << " invaders";
        tempos.insert(marchNoteInterval(live));
        ++checked;
    }
    std::printf("%d march gaps checked; tempos heard (frames):", checked);
    for (int tempo : tempos)
        std::printf(" %d", tempo);
    std::printf("\n");
    EXPECT_GT(checked, 100);
    // The march speeds up as the rack thins: from the full rack's 52 frames down to a few survivors'.
    EXPECT_TRUE(tempos.contains(52));
    EXPECT_LE(*tempos.begin(), 16);
    EXPECT_GE(tempos.size(), 8u);
}

// --- Volumes --------------------------------------------------------------------------------------------

TEST(GameMix, MasterAndEffectsVolumesScaleTheRenderAndMuteSilencesIt) {
    const uint64_t seed = 5;
    SCOPED_TRACE("demo seed " + std::to_string(seed));
    const Render full = renderDemo(seed, 1800, kFullVolume);
    ASSERT_GT(rmsLevel(full.samples), 0.0);
    struct Case {
        Volumes volumes;
        double gain;
    };
    const Case cases[] = {{{.master = 0.5f, .effects = 1.0f, .mute = false}, 0.5},
                          {{.master = 1.0f, .effects = 0.5f, .mute = false}, 0.5},
                          {{.master = 0.8f, .effects = 1.0f, .mute = false}, 0.8},
                          {{.master = 0.5f, .effects = 0.5f, .mute = false}, 0.25},
                          {{.master = 0.0f, .effects = 1.0f, .mute = false}, 0.0},
                          {{.master = 1.0f, .effects = 1.0f, .mute = true}, 0.0}};
    for (const Case& test : cases) {
        SCOPED_TRACE("master " + std::to_string(test.volumes.master) + ", effects " +
                     std::to_string(test.volumes.effects) + (test.volumes.mute ? ", muted" : ""));
        const Render scaled = renderDemo(seed, 1800, test.volumes);
        ASSERT_EQ(scaled.samples.size(), full.samples.size());
        float largestError = 0.0f;
        for (size_t i = 0; i < full.samples.size(); ++i)
            largestError = std::max(
                largestError, std::abs(scaled.samples[i] - static_cast<float>(test.gain) * full.samples[i]));
        EXPECT_LE(largestError, 1e-6f) << "every sample is the full-volume sample times " << test.gain;
        if (test.gain > 0.0)
            EXPECT_NEAR(decibels(rmsLevel(scaled.samples) / rmsLevel(full.samples)), decibels(test.gain),
                        0.01);
        else
            EXPECT_EQ(peakLevel(scaled.samples), 0.0f);
    }
}

} // namespace
} // namespace invaders
