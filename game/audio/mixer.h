#pragma once
// `Mixer`: a tiny software mixer with a fixed number of voices, one-shot and looping sounds, a peak
// limiter, master and effects volume and mute. Pure C++ with no audio device, so it is unit-tested sample
// by sample; `AudioSystem` (audio_system.h) runs it on SDL's audio thread, or offline.
//
// The mix: the voices are summed, then a limiter holds the sum at or below `kLimiterCeiling` (-1.4 dBFS),
// then the volumes scale it. The sounds are levelled so a game's usual handful at once stays below the
// ceiling (sound_bank.h: each sound at the same loudness, with headroom), so the limiter only acts on rare
// pile-ups, where it turns the whole mix down for a moment instead of clipping it. It works before the
// volumes, so the volumes scale the output exactly (master 0.5 is -6 dB) and never change how hard it works.

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
/// The output is the same whatever the block sizes (the limiter's state carries from block to block), so
/// an offline render matches what a device hears. At most `kVoiceCount` sounds play at once. When every voice
/// is busy, a new one-shot replaces the one-shot that has played longest; loops are never replaced. Muted or
/// at zero volume, voices still advance, so unmuting resumes sounds where they would be. Not thread-safe:
/// `AudioSystem` locks.
class Mixer {
public:
    /// Voices: sounds that can play at the same time.
    static constexpr int kVoiceCount = 16;
    /// Samples over which a stopped loop fades out, to avoid a click (about 5 ms at 48 kHz).
    static constexpr int kFadeSamples = 256;
    /// The most the summed voices may reach (-1.4 dBFS): 0.4 dB below -1 dBFS, a margin for the rounding
    /// of 16-bit output and a device's resampling.
    static constexpr float kLimiterCeiling = 0.85f;
    /// Seconds the limiter takes to recover two thirds of the way after a peak: short enough not to duck
    /// the next sound, long enough not to distort the loud one (it would follow its waveform).
    static constexpr double kLimiterReleaseSeconds = 0.08;

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

    /// Overwrites `output` with the next `output.size()` samples of the mix, each within
    /// +-kLimiterCeiling * master * effects (0 when muted).
    void mix(std::span<float> output);

    /// Voices now playing (including loops that are fading out).
    [[nodiscard]] int activeVoices() const;
    /// True if `sound` is looping and not fading out.
    [[nodiscard]] bool isLooping(SoundId sound) const;
    /// The bank the mixer plays from.
    [[nodiscard]] const SoundBank& bank() const { return m_bank; }
    /// Samples mixed so far that the limiter turned down by more than 0.1 dB: a measure of how often the
    /// sounds pile up past the ceiling.
    [[nodiscard]] int64_t limitedSamples() const { return m_limitedSamples; }

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
    void limit(std::span<float> bus);

    SoundBank m_bank;
    std::array<Voice, kVoiceCount> m_voices{};
    Volumes m_volumes;
    uint64_t m_started = 0;
    float m_limiterGain = 1.0f;     // 1: not limiting
    float m_limiterRecovery = 0.0f; // per sample, the share of the gain's shortfall kept (exp(-1/release))
    int64_t m_limitedSamples = 0;
};

} // namespace invaders
