#pragma once
// The game's sounds, synthesised in code at start-up (no recorded samples ship with the game).
//
// - MarchNote1-4: the rack's heartbeat, a descending four-note bass loop (G2, F2, E-flat2, D2) of
//   low-passed squares.
// - Shot: the cannon firing, a fast falling square "pew" over a little hiss.
// - InvaderHit: an invader exploding, a short falling noise burst with a falling tone.
// - PlayerHit: the cannon exploding, a long, low, rumbling noise decay.
// - SaucerLoop: the mystery saucer flying, a warbling triangle looped seamlessly.
// - SaucerHit: the saucer shot down, a falling, wobbling square.
// - ExtraLife: the 1,500-point bonus ship, a run of bright alternating beeps.

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace invaders {

/// Every sound the game plays.
enum class SoundId : uint8_t {
    MarchNote1, ///< First (highest) note of the march.
    MarchNote2, ///< Second note.
    MarchNote3, ///< Third note.
    MarchNote4, ///< Fourth (lowest) note.
    Shot,       ///< Player's shot fired.
    InvaderHit, ///< Invader destroyed.
    PlayerHit,  ///< Player's cannon destroyed.
    SaucerLoop, ///< Mystery saucer in flight; meant for `startLoop()`.
    SaucerHit,  ///< Mystery saucer destroyed.
    ExtraLife,  ///< Bonus ship awarded.
};

/// Number of `SoundId` values.
inline constexpr int kSoundCount = 10;

/// Number of march notes; `marchNote(i)` for i in [0, kMarchNoteCount).
inline constexpr int kMarchNoteCount = 4;

/// "MarchNote1", "Shot", ...: for logs and tests.
[[nodiscard]] std::string_view soundName(SoundId sound);

/// The SoundId of march note `index` (0-3, in playing order).
[[nodiscard]] SoundId marchNote(int index);

/// Pitch of march note `index` (0-3), in Hz: the notes descend.
[[nodiscard]] double marchNoteFrequency(int index);

/// Loudness of the game's sounds, as RMS over the whole sound (a loop: one pass): -18 dBFS. Every sound is
/// levelled to it (see `soundLoudness`), so no event drowns another, and it leaves headroom for the handful
/// that play at once: a shot, a hit, a march note and the saucer together stay below the mixer's limiter.
inline constexpr float kSoundLoudness = 0.126f;

/// Highest sample level of any synthesised sound (-6 dBFS): a sound with a sharp attack (an explosion's
/// first crack) is turned down as a whole rather than poke out of the mix.
inline constexpr float kSoundPeakLevel = 0.5f;

/// The RMS level `synthesizeSound` gives `sound`: `kSoundLoudness`, the march notes 2 dB above it (a bass
/// note sounds quieter than a mid-range one of the same RMS, and the march is the game's heartbeat).
[[nodiscard]] float soundLoudness(SoundId sound);

/// Synthesises one sound at `sampleRate` Hz (8000 to 192000): mono samples at `soundLoudness(sound)`, none
/// beyond +-kSoundPeakLevel. Deterministic: the same arguments give the same samples. One-shots start and
/// end at silence; `SoundId::SaucerLoop` is a seamless loop.
[[nodiscard]] std::vector<float> synthesizeSound(SoundId sound, int sampleRate);

/// Every sound's samples at one sample rate, built once at start-up (about 3 seconds of audio in all).
class SoundBank {
public:
    /// Synthesises all sounds at `sampleRate` Hz (see `synthesizeSound`).
    [[nodiscard]] static SoundBank synthesize(int sampleRate);

    /// A bank of given samples, e.g. test signals. `sampleRate` > 0.
    SoundBank(int sampleRate, std::array<std::vector<float>, kSoundCount> sounds);

    /// Samples per second of every sound.
    [[nodiscard]] int sampleRate() const { return m_sampleRate; }
    /// The samples of `sound`.
    [[nodiscard]] std::span<const float> samples(SoundId sound) const {
        return m_sounds[static_cast<std::size_t>(sound)];
    }

private:
    int m_sampleRate;
    std::array<std::vector<float>, kSoundCount> m_sounds;
};

} // namespace invaders
