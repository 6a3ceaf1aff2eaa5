#pragma once
// Sound synthesis primitives: pure functions from a description to mono samples in [-1, 1].
//
// The game's sounds are built from these at start-up (sound_bank.h) in the spirit of the arcade's analogue
// circuits: square and triangle oscillators, a clocked noise generator, exponential pitch glides, a
// triangle vibrato and simple envelopes. Everything is deterministic (noise comes from `vox::Rng` with a
// fixed seed), so the same description gives the same samples on every machine and the tests can check
// lengths, levels and pitches exactly.

#include <cstdint>
#include <span>
#include <vector>

namespace invaders {

/// Oscillator shapes.
enum class Waveform : uint8_t {
    Square,   ///< 50% duty square: hollow, buzzy; the arcade's tones.
    Triangle, ///< Soft, flute-like.
    Noise,    ///< Sample-and-hold white noise, re-drawn at the oscillator's frequency (a clocked noise
              ///< generator): low frequencies rumble, high ones hiss.
};

/// One oscillator with a pitch glide, vibrato and envelope. Times in seconds, frequencies in Hz.
struct ToneSpec {
    Waveform waveform = Waveform::Square; ///< Oscillator shape.
    double startHz = 440.0;               ///< Frequency at the start.
    double endHz = 440.0;                 ///< Frequency at the end; the glide is exponential (even in pitch).
    double seconds = 0.1;                 ///< Length; the buffer has round(seconds * rate) samples.
    double attackSeconds = 0.002;         ///< Linear fade-in, so the sound starts without a click.
    double releaseSeconds = 0.005;        ///< Linear fade-out at the end, for the same reason.
    double decayPower = 0.0;   ///< Level follows (1 - t/seconds)^decayPower: 0 holds, 2 is a pluck.
    double vibratoHz = 0.0;    ///< Triangle vibrato rate; 0: none.
    double vibratoDepth = 0.0; ///< Vibrato swing as a fraction of the frequency (0.2 = +-20%).
    float level = 0.5f;        ///< Peak amplitude, in (0, 1].
    /// For looping sounds: the length is rounded to whole vibrato periods and the pitch nudged so the
    /// oscillator completes whole cycles, so the end joins the start with no click. Attack, release and
    /// decay must be 0.
    bool seamlessLoop = false;
    uint64_t noiseSeed = 1; ///< Seed of the noise generator (Waveform::Noise).
};

/// Renders `spec` at `sampleRate` Hz (> 0).
[[nodiscard]] std::vector<float> renderTone(const ToneSpec& spec, int sampleRate);

/// Adds `source` into `destination` starting at sample `offset`, growing `destination` as needed.
void mixInto(std::vector<float>& destination, std::span<const float> source, std::size_t offset = 0);

/// One-pole low-pass filter in place (a gentle 6 dB/octave slope), like the RC filters on the arcade board.
void lowPass(std::vector<float>& samples, double cutoffHz, int sampleRate);

/// Largest absolute sample value (0 for an empty buffer).
[[nodiscard]] float peakLevel(std::span<const float> samples);

/// Scales `samples` so that their peak is exactly `peak`, if they are louder (quieter sounds are kept).
void limitPeak(std::vector<float>& samples, float peak);

/// Root mean square of `samples` (0 for an empty buffer): the level a sound is heard at, on average.
[[nodiscard]] float rmsLevel(std::span<const float> samples);

/// Scales `samples` so that their RMS is `rms` (silence stays silent).
void setLoudness(std::vector<float>& samples, float rms);

} // namespace invaders
