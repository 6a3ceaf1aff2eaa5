#pragma once
// `Mixer`: a tiny software mixer with a fixed number of voices, one-shot and looping sounds, master and
// effects volume and mute. Pure C++ with no audio device, so it is unit-tested sample by sample;
// `AudioSystem` (audio_system.h) runs it on SDL's audio thread.

#include "audio/sound_bank.h"

#include <array>
#include <cstdint>
#include <span>

namespace invaders {

/// Volumes as the options menu sets them.
struct Volumes {
    float master = 0.8f;  ///< Everything, 0 to 1.
    float effects = 1.0f; ///< Sound effects (all of the game's sounds), 0 to 1.
    bool mute = false;    ///< Silence without losing the volumes.
};

/// Mixes the sounds of a `SoundBank` into mono sample blocks.
///
/// At most `kVoiceCount` sounds play at once. When every voice is busy, a new one-shot replaces the
/// one-shot that has played longest; loops are never replaced. Muted or at zero volume, voices still
/// advance, so unmuting resumes sounds where they would be. Not thread-safe: `AudioSystem` locks.
class Mixer {
public:
    /// Voices: sounds that can play at the same time.
    static constexpr int kVoiceCount = 16;
    /// Samples over which a stopped loop fades out, to avoid a click (about 5 ms at 48 kHz).
    static constexpr int kFadeSamples = 256;

    /// A mixer for the sounds of `bank` (at the bank's sample rate).
    explicit Mixer(SoundBank bank);

    /// Starts `sound` once from its beginning. The same sound may play several times at once.
    void play(SoundId sound);
    /// Starts `sound` looping, unless it is already looping (then nothing changes).
    void startLoop(SoundId sound);
    /// Fades out the loop of `sound` over `kFadeSamples`; nothing if it is not looping.
    void stopLoop(SoundId sound);
    /// Stops every sound at once.
    void stopAll();
    /// Sets the volumes; values are clamped to [0, 1].
    void setVolumes(const Volumes& volumes);
    /// The current volumes (clamped).
    [[nodiscard]] const Volumes& volumes() const { return m_volumes; }

    /// Overwrites `output` with the next `output.size()` samples of the mix, each in [-1, 1].
    void mix(std::span<float> output);

    /// Voices now playing (including loops that are fading out).
    [[nodiscard]] int activeVoices() const;
    /// True if `sound` is looping and not fading out.
    [[nodiscard]] bool isLooping(SoundId sound) const;
    /// The bank the mixer plays from.
    [[nodiscard]] const SoundBank& bank() const { return m_bank; }

private:
    struct Voice {
        bool active = false;
        bool loop = false;
        SoundId sound = SoundId::Shot;
        std::size_t position = 0; // next sample to play
        uint64_t startOrder = 0;  // which voice started first, for stealing
        int fadeLeft = 0;         // > 0: fading out over this many more samples
    };

    Voice* freeVoice();

    SoundBank m_bank;
    std::array<Voice, kVoiceCount> m_voices{};
    Volumes m_volumes;
    uint64_t m_started = 0;
};

} // namespace invaders
