#include "audio/synth.h"

#include "vox/core/assert.h"
#include "vox/core/rng.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace invaders {
namespace {

// Position in [-1, 1] of a triangle wave that starts at 0 and rises, for a phase in cycles.
double triangle(double phase) {
    const double shifted = phase + 0.25;
    return 1.0 - 4.0 * std::abs(shifted - std::floor(shifted) - 0.5);
}

// Phase advance per sample, in cycles, for every sample of the tone.
std::vector<double> phaseIncrements(const ToneSpec& spec, int sampleRate, std::size_t count) {
    const double rate = sampleRate;
    double lfoCycles = 0.0; // whole vibrato periods over the buffer, for seamless loops
    if (spec.seamlessLoop && spec.vibratoHz > 0.0)
        lfoCycles = std::round(static_cast<double>(count) * spec.vibratoHz / rate);
    std::vector<double> increments(count);
    for (std::size_t i = 0; i < count; ++i) {
        const double progress = static_cast<double>(i) / static_cast<double>(count);
        double hz = spec.startHz * std::pow(spec.endHz / spec.startHz, progress);
        if (spec.vibratoHz > 0.0) {
            const double lfoPhase =
                lfoCycles > 0.0 ? progress * lfoCycles : static_cast<double>(i) * spec.vibratoHz / rate;
            hz *= 1.0 + spec.vibratoDepth * triangle(lfoPhase);
        }
        increments[i] = hz / rate;
    }
    if (spec.seamlessLoop) {
        // Nudge the pitch (by well under a percent for any useful length) to end on a whole cycle.
        double total = 0.0;
        for (double increment : increments)
            total += increment;
        const double scale = std::max(1.0, std::round(total)) / total;
        for (double& increment : increments)
            increment *= scale;
    }
    return increments;
}

std::size_t sampleCount(const ToneSpec& spec, int sampleRate) {
    auto count = static_cast<std::size_t>(std::max(1.0, std::round(spec.seconds * sampleRate)));
    if (spec.seamlessLoop && spec.vibratoHz > 0.0) {
        // Whole vibrato periods, so the warble is continuous across the loop point.
        const double period = sampleRate / spec.vibratoHz;
        const double periods = std::max(1.0, std::round(static_cast<double>(count) / period));
        count = static_cast<std::size_t>(std::round(periods * period));
    }
    return count;
}

} // namespace

std::vector<float> renderTone(const ToneSpec& spec, int sampleRate) {
    VOX_ASSERT(sampleRate > 0, "renderTone: the sample rate must be positive");
    VOX_ASSERT(spec.startHz > 0.0 && spec.endHz > 0.0, "renderTone: frequencies must be positive");
    VOX_ASSERT(!spec.seamlessLoop ||
                   (spec.attackSeconds == 0.0 && spec.releaseSeconds == 0.0 && spec.decayPower == 0.0),
               "renderTone: a seamless loop must have no attack, release or decay");

    const std::size_t count = sampleCount(spec, sampleRate);
    const std::vector<double> increments = phaseIncrements(spec, sampleRate, count);
    const double attackSamples = spec.attackSeconds * sampleRate;
    const double releaseSamples = spec.releaseSeconds * sampleRate;

    vox::Rng noise(spec.noiseSeed);
    double noiseValue = noise.nextDouble() * 2.0 - 1.0;
    double phase = 0.0;
    std::vector<float> samples(count);
    for (std::size_t i = 0; i < count; ++i) {
        double value = 0.0;
        switch (spec.waveform) {
        case Waveform::Square:
            value = phase < 0.5 ? 1.0 : -1.0;
            break;
        case Waveform::Triangle:
            value = triangle(phase);
            break;
        case Waveform::Noise:
            value = noiseValue;
            break;
        }

        double envelope = spec.level;
        if (attackSamples > 0.0)
            envelope *= std::min(1.0, static_cast<double>(i) / attackSamples);
        if (releaseSamples > 0.0)
            envelope *= std::min(1.0, static_cast<double>(count - 1 - i) / releaseSamples);
        if (spec.decayPower > 0.0)
            envelope *= std::pow(1.0 - static_cast<double>(i) / static_cast<double>(count), spec.decayPower);
        samples[i] = static_cast<float>(value * envelope);

        phase += increments[i];
        if (phase >= 1.0) {
            phase -= std::floor(phase);
            noiseValue = noise.nextDouble() * 2.0 - 1.0;
        }
    }
    return samples;
}

void mixInto(std::vector<float>& destination, std::span<const float> source, std::size_t offset) {
    if (destination.size() < offset + source.size())
        destination.resize(offset + source.size(), 0.0f);
    for (std::size_t i = 0; i < source.size(); ++i)
        destination[offset + i] += source[i];
}

void lowPass(std::vector<float>& samples, double cutoffHz, int sampleRate) {
    const double alpha = 1.0 - std::exp(-2.0 * std::numbers::pi * cutoffHz / sampleRate);
    double state = 0.0;
    for (float& sample : samples) {
        state += alpha * (sample - state);
        sample = static_cast<float>(state);
    }
}

float peakLevel(std::span<const float> samples) {
    float peak = 0.0f;
    for (float sample : samples)
        peak = std::max(peak, std::abs(sample));
    return peak;
}

void limitPeak(std::vector<float>& samples, float peak) {
    const float current = peakLevel(samples);
    if (current <= peak)
        return;
    const float scale = peak / current;
    for (float& sample : samples)
        sample *= scale;
}

float rmsLevel(std::span<const float> samples) {
    double sum = 0.0;
    for (float sample : samples)
        sum += static_cast<double>(sample) * sample;
    return samples.empty() ? 0.0f : static_cast<float>(std::sqrt(sum / static_cast<double>(samples.size())));
}

void setLoudness(std::vector<float>& samples, float rms) {
    const float current = rmsLevel(samples);
    if (current == 0.0f)
        return;
    const float scale = rms / current;
    for (float& sample : samples)
        sample *= scale;
}

} // namespace invaders
