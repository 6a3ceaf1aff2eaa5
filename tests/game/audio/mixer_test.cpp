#include "audio/mixer.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using invaders::Mixer;
using invaders::SoundId;

// Test signals: every sound is a constant 0.5 whose length is 100 * (index + 1) samples, except Shot (0.25,
// 50 samples) and SaucerLoop (a ramp 0, 0.05, ..., 0.45 so loop wrapping is visible).
invaders::SoundBank testBank() {
    std::array<std::vector<float>, invaders::kSoundCount> sounds;
    for (int i = 0; i < invaders::kSoundCount; ++i)
        sounds[static_cast<std::size_t>(i)] =
            std::vector<float>(static_cast<std::size_t>(100 * (i + 1)), 0.5f);
    sounds[static_cast<std::size_t>(SoundId::Shot)] = std::vector<float>(50, 0.25f);
    sounds[static_cast<std::size_t>(SoundId::SaucerLoop)] = {0.0f,  0.05f, 0.1f,  0.15f, 0.2f,
                                                             0.25f, 0.3f,  0.35f, 0.4f,  0.45f};
    return invaders::SoundBank(1000, std::move(sounds));
}

std::vector<float> mix(Mixer& mixer, std::size_t count) {
    std::vector<float> out(count, 123.0f); // garbage: mix() must overwrite it
    mixer.mix(out);
    return out;
}

Mixer unityMixer() {
    Mixer mixer(testBank());
    mixer.setVolumes({.master = 1.0f, .effects = 1.0f, .mute = false});
    return mixer;
}

TEST(Mixer, SilenceWhenNothingPlays) {
    Mixer mixer = unityMixer();
    EXPECT_EQ(mix(mixer, 64), std::vector<float>(64, 0.0f));
    EXPECT_EQ(mixer.activeVoices(), 0);
}

TEST(Mixer, AOneShotPlaysOnceAcrossBlocksThenFreesItsVoice) {
    Mixer mixer = unityMixer();
    mixer.play(SoundId::Shot);
    EXPECT_EQ(mixer.activeVoices(), 1);
    const auto first = mix(mixer, 30);
    const auto second = mix(mixer, 30);
    EXPECT_EQ(first, std::vector<float>(30, 0.25f));
    for (std::size_t i = 0; i < 30; ++i)
        EXPECT_EQ(second[i], i < 20 ? 0.25f : 0.0f) << i;
    EXPECT_EQ(mixer.activeVoices(), 0);
}

TEST(Mixer, AVoiceEndingExactlyAtTheBlockEndIsFreed) {
    Mixer mixer = unityMixer();
    mixer.play(SoundId::Shot);
    (void)mix(mixer, 50);
    EXPECT_EQ(mixer.activeVoices(), 0);
}

TEST(Mixer, VolumesMultiplyAndAreClamped) {
    Mixer mixer(testBank());
    mixer.setVolumes({.master = 0.5f, .effects = 0.5f, .mute = false});
    mixer.play(SoundId::Shot);
    EXPECT_EQ(mix(mixer, 10), std::vector<float>(10, 0.25f * 0.25f));

    mixer.setVolumes({.master = 7.0f, .effects = -1.0f, .mute = false});
    EXPECT_EQ(mixer.volumes().master, 1.0f);
    EXPECT_EQ(mixer.volumes().effects, 0.0f);
}

TEST(Mixer, MuteSilencesButTimeGoesOn) {
    Mixer mixer = unityMixer();
    mixer.play(SoundId::Shot);
    mixer.setVolumes({.master = 1.0f, .effects = 1.0f, .mute = true});
    EXPECT_EQ(mix(mixer, 40), std::vector<float>(40, 0.0f));
    mixer.setVolumes({.master = 1.0f, .effects = 1.0f, .mute = false});
    const auto out = mix(mixer, 20);
    for (std::size_t i = 0; i < 20; ++i)
        EXPECT_EQ(out[i], i < 10 ? 0.25f : 0.0f) << i; // resumed at sample 40 of 50
}

TEST(Mixer, SoundsBelowTheCeilingAddUpUntouched) {
    Mixer mixer = unityMixer();
    mixer.play(SoundId::Shot);
    mixer.play(SoundId::Shot);
    EXPECT_EQ(mix(mixer, 5), std::vector<float>(5, 0.5f));
    EXPECT_EQ(mixer.limitedSamples(), 0);
}

TEST(Mixer, APileUpIsHeldAtTheCeilingNotClipped) {
    Mixer mixer = unityMixer();
    for (int i = 0; i < 5; ++i)
        mixer.play(SoundId::PlayerHit); // 5 x 0.5 = 2.5 for 700 samples
    const std::vector<float> held = mix(mixer, 600);
    for (std::size_t i = 0; i < held.size(); ++i)
        ASSERT_FLOAT_EQ(held[i], Mixer::kLimiterCeiling) << i;
    EXPECT_EQ(mixer.limitedSamples(), 600);
}

TEST(Mixer, TheLimiterRecoversSmoothlyAfterAPileUp) {
    Mixer mixer = unityMixer();
    for (int i = 0; i < 5; ++i)
        mixer.play(SoundId::PlayerHit);
    (void)mix(mixer, 10);
    mixer.stopAll();
    mixer.play(SoundId::ExtraLife); // a constant 0.5 for 1000 samples, alone: it should come back to 0.5
    const std::vector<float> out = mix(mixer, 1000);
    EXPECT_LT(out.front(), 0.2f); // still turned down as far as the pile-up needed (0.85 / 2.5 * 0.5)
    for (std::size_t i = 1; i < out.size(); ++i)
        ASSERT_GE(out[i], out[i - 1]) << i; // no jumps back down, no pumping
    // kLimiterReleaseSeconds is 80 samples at this bank's 1000 Hz: 10 of them later it is back.
    EXPECT_NEAR(out[800], 0.5f, 0.001f);
    EXPECT_NEAR(out.back(), 0.5f, 1e-5f);
}

TEST(Mixer, TheVolumesScaleTheLimitedMix) {
    // The limiter works on the voices' sum, before the volumes: half the master is half the output.
    for (const float master : {1.0f, 0.5f, 0.25f}) {
        SCOPED_TRACE(master);
        Mixer mixer(testBank());
        mixer.setVolumes({.master = master, .effects = 1.0f, .mute = false});
        for (int i = 0; i < 5; ++i)
            mixer.play(SoundId::PlayerHit);
        EXPECT_EQ(mix(mixer, 20), std::vector<float>(20, Mixer::kLimiterCeiling * master));
    }
}

TEST(Mixer, BlockSizesDoNotChangeTheMix) {
    // What an audio device pulls in blocks of its own size and what an offline render mixes a step at a time
    // must be the same samples, the limiter's pile-ups and recoveries included.
    const auto render = [](std::size_t block) {
        Mixer mixer = unityMixer();
        std::vector<float> out;
        for (int round = 0; round < 4; ++round) {
            mixer.startLoop(SoundId::SaucerLoop);
            for (int i = 0; i < 4; ++i)
                mixer.play(SoundId::PlayerHit);
            mixer.play(SoundId::Shot);
            for (std::size_t done = 0; done < 450; done += block) {
                std::vector<float> part = mix(mixer, std::min(block, 450 - done));
                out.insert(out.end(), part.begin(), part.end());
            }
            mixer.stopLoop(SoundId::SaucerLoop);
        }
        return out;
    };
    const std::vector<float> reference = render(450);
    EXPECT_EQ(render(1), reference);
    EXPECT_EQ(render(7), reference);
    EXPECT_EQ(render(64), reference);
}

TEST(Mixer, LoopsWrapAndStartLoopIsIdempotent) {
    Mixer mixer = unityMixer();
    mixer.startLoop(SoundId::SaucerLoop);
    mixer.startLoop(SoundId::SaucerLoop);
    EXPECT_EQ(mixer.activeVoices(), 1);
    EXPECT_TRUE(mixer.isLooping(SoundId::SaucerLoop));
    const auto out = mix(mixer, 25);
    for (std::size_t i = 0; i < 25; ++i)
        EXPECT_FLOAT_EQ(out[i], 0.05f * static_cast<float>(i % 10)) << i;
}

TEST(Mixer, StopLoopFadesOutWithinTheFadeLength) {
    Mixer mixer(invaders::SoundBank(1000, [] {
        std::array<std::vector<float>, invaders::kSoundCount> sounds;
        sounds[static_cast<std::size_t>(SoundId::SaucerLoop)] = std::vector<float>(7, 0.5f);
        return sounds;
    }()));
    mixer.setVolumes({.master = 1.0f, .effects = 1.0f, .mute = false});
    mixer.startLoop(SoundId::SaucerLoop);
    (void)mix(mixer, 3);
    mixer.stopLoop(SoundId::SaucerLoop);
    EXPECT_FALSE(mixer.isLooping(SoundId::SaucerLoop));
    const auto out = mix(mixer, Mixer::kFadeSamples + 10);
    EXPECT_EQ(out[0], 0.5f);
    for (std::size_t i = 1; i < out.size(); ++i)
        EXPECT_LE(out[i], out[i - 1]) << i;
    EXPECT_GT(out[Mixer::kFadeSamples - 2], 0.0f);
    EXPECT_EQ(out[Mixer::kFadeSamples], 0.0f);
    EXPECT_EQ(mixer.activeVoices(), 0);
    // Starting it again after the fade works.
    mixer.startLoop(SoundId::SaucerLoop);
    EXPECT_TRUE(mixer.isLooping(SoundId::SaucerLoop));
}

TEST(Mixer, AFullMixerStealsTheOldestOneShotButNeverALoop) {
    Mixer mixer = unityMixer();
    mixer.startLoop(SoundId::SaucerLoop);
    mixer.play(SoundId::PlayerHit); // oldest one-shot: 700 samples of 0.5
    for (int i = 0; i < Mixer::kVoiceCount - 2; ++i)
        mixer.play(SoundId::Shot);
    EXPECT_EQ(mixer.activeVoices(), Mixer::kVoiceCount);
    mixer.play(SoundId::Shot); // must replace the PlayerHit
    EXPECT_EQ(mixer.activeVoices(), Mixer::kVoiceCount);
    EXPECT_TRUE(mixer.isLooping(SoundId::SaucerLoop));
    (void)mix(mixer, 50); // every Shot ends; only the loop would remain if PlayerHit was stolen
    EXPECT_EQ(mixer.activeVoices(), 1);
    EXPECT_TRUE(mixer.isLooping(SoundId::SaucerLoop));
}

TEST(Mixer, EmptySoundsAreIgnored) {
    Mixer mixer(invaders::SoundBank(1000, {}));
    mixer.play(SoundId::Shot);
    mixer.startLoop(SoundId::SaucerLoop);
    EXPECT_EQ(mixer.activeVoices(), 0);
}

} // namespace
