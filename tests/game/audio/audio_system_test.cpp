// Runs with SDL_AUDIODRIVER=dummy (set by tests/CMakeLists.txt): a real SDL audio device and audio thread
// that discard the samples, so these tests need no sound card.
#include "audio/audio_system.h"

#include "engine/platform/temp_directory.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using invaders::AudioSettings;
using invaders::AudioSystem;
using invaders::SoundId;
using vox::test::ScopedEnvironment;

AudioSettings namedDevice(const char* name) {
    AudioSettings settings;
    settings.deviceName = name;
    return settings;
}

TEST(AudioSystem, OpensTheDummyDeviceAndItsThreadPlaysSoundsToTheEnd) {
    ScopedEnvironment driver("SDL_AUDIODRIVER", "dummy");
    AudioSettings settings;
    settings.sampleRate = 44100;
    settings.bufferSamples = 512;
    vox::Result<AudioSystem> audio = AudioSystem::open(settings);
    ASSERT_TRUE(audio.ok()) << audio.error().message;
    EXPECT_FALSE(audio.value().isSilent());
    EXPECT_GT(audio.value().sampleRate(), 0);

    audio.value().play(SoundId::PlayerHit); // about 1.1 s: still playing when checked just below
    audio.value().startLoop(SoundId::SaucerLoop);
    EXPECT_EQ(audio.value().activeVoices(), 2);
    // The dummy device pulls samples in real time; the explosion must end, the loop must keep going.
    const Uint64 deadline = SDL_GetTicks64() + 5000;
    while (audio.value().activeVoices() > 1 && SDL_GetTicks64() < deadline)
        SDL_Delay(10);
    EXPECT_EQ(audio.value().activeVoices(), 1);
    audio.value().stopAll();
    EXPECT_EQ(audio.value().activeVoices(), 0);
}

TEST(AudioSystem, AMissingDeviceIsAnErrorNamingIt) {
    ScopedEnvironment driver("SDL_AUDIODRIVER", "dummy");
    vox::Result<AudioSystem> audio = AudioSystem::open(namedDevice("No Such Speakers"));
    ASSERT_FALSE(audio.ok());
    EXPECT_NE(audio.error().message.find("No Such Speakers"), std::string::npos) << audio.error().message;
}

TEST(AudioSystem, AnUnavailableDriverIsAnError) {
    ScopedEnvironment driver("SDL_AUDIODRIVER", "no-such-driver");
    vox::Result<AudioSystem> audio = AudioSystem::open();
    ASSERT_FALSE(audio.ok());
    EXPECT_NE(audio.error().message.find("SDL audio"), std::string::npos) << audio.error().message;
}

TEST(AudioSystem, OpenOrSilentWarnsOnceAndTheSilentSystemDoesNothing) {
    ScopedEnvironment driver("SDL_AUDIODRIVER", "dummy");
    std::vector<std::string> warnings;
    AudioSystem audio = AudioSystem::openOrSilent(
        namedDevice("No Such Speakers"), [&](std::string_view warning) { warnings.emplace_back(warning); });
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("without sound"), std::string::npos) << warnings[0];
    EXPECT_TRUE(audio.isSilent());
    EXPECT_EQ(audio.sampleRate(), 0);
    audio.play(SoundId::Shot);
    audio.startLoop(SoundId::SaucerLoop);
    audio.setVolumes({.master = 0.5f, .effects = 0.5f, .mute = true});
    audio.stopLoop(SoundId::SaucerLoop);
    EXPECT_EQ(audio.activeVoices(), 0);
}

TEST(AudioSystem, OpenOrSilentIsQuietWhenTheDeviceOpens) {
    ScopedEnvironment driver("SDL_AUDIODRIVER", "dummy");
    int warnings = 0;
    AudioSystem audio = AudioSystem::openOrSilent({}, [&](std::string_view) { ++warnings; });
    EXPECT_EQ(warnings, 0);
    EXPECT_FALSE(audio.isSilent());
    // Moving keeps the device (the audio thread holds a pointer to it).
    AudioSystem moved = std::move(audio);
    moved.play(SoundId::InvaderHit);
    EXPECT_EQ(moved.activeVoices(), 1);
}

} // namespace
