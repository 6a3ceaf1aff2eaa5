#include "audio/mixer.h"

#include <algorithm>
#include <cmath>

namespace invaders {
namespace {

// The limiter's gain below which it counts as limiting (-0.1 dB); above, it is only finishing its recovery.
constexpr float kNoticeableGain = 0.9886f;

} // namespace

Mixer::Mixer(SoundBank bank) : m_bank(std::move(bank)) {
    const double releaseSamples = kLimiterReleaseSeconds * m_bank.sampleRate();
    m_limiterRecovery = static_cast<float>(std::exp(-1.0 / releaseSamples));
}

Mixer::Voice* Mixer::freeVoice() {
    Voice* oldest = nullptr;
    for (Voice& voice : m_voices) {
        if (!voice.active)
            return &voice;
        if (!voice.loop && (oldest == nullptr || voice.startOrder < oldest->startOrder))
            oldest = &voice;
    }
    return oldest; // null only if every voice loops, which needs more loops than there are sounds
}

void Mixer::play(SoundId sound) {
    if (m_bank.samples(sound).empty())
        return;
    if (Voice* voice = freeVoice())
        *voice = Voice{.active = true, .loop = false, .sound = sound, .startOrder = m_started++};
}

void Mixer::startLoop(SoundId sound) {
    if (isLooping(sound) || m_bank.samples(sound).empty())
        return;
    if (Voice* voice = freeVoice())
        *voice = Voice{.active = true, .loop = true, .sound = sound, .startOrder = m_started++};
}

void Mixer::stopLoop(SoundId sound) {
    for (Voice& voice : m_voices) {
        if (voice.active && voice.loop && voice.sound == sound && voice.fadeLeft == 0)
            voice.fadeLeft = kFadeSamples;
    }
}

void Mixer::stopAll() {
    m_voices.fill(Voice{});
}

void Mixer::setVolumes(const Volumes& volumes) {
    m_volumes.master = std::clamp(volumes.master, 0.0f, 1.0f);
    m_volumes.effects = std::clamp(volumes.effects, 0.0f, 1.0f);
    m_volumes.mute = volumes.mute;
}

void Mixer::mix(std::span<float> output) {
    std::fill(output.begin(), output.end(), 0.0f);
    for (Voice& voice : m_voices) {
        if (!voice.active)
            continue;
        const std::span<const float> samples = m_bank.samples(voice.sound);
        for (float& out : output) {
            if (voice.position >= samples.size()) {
                if (!voice.loop) {
                    voice.active = false;
                    break;
                }
                voice.position = 0;
            }
            float sample = samples[voice.position++];
            if (voice.fadeLeft > 0) {
                sample *= static_cast<float>(voice.fadeLeft) / kFadeSamples;
                if (--voice.fadeLeft == 0) {
                    voice.active = false;
                    out += sample;
                    break;
                }
            }
            out += sample;
        }
        if (voice.active && !voice.loop && voice.position >= samples.size())
            voice.active = false; // ended exactly at the block's end: free the voice now
    }
    limit(output);
    const float volume = m_volumes.mute ? 0.0f : m_volumes.master * m_volumes.effects;
    for (float& out : output)
        out *= volume;
}

// A peak limiter with an instant attack and an exponential release: the gain drops at once to what keeps
// this sample at the ceiling, so no sample ever passes it, and recovers smoothly. No look-ahead, so no
// latency; the price is a small kink in the waveform at the onset, on the rare samples that need it.
void Mixer::limit(std::span<float> bus) {
    for (float& sample : bus) {
        m_limiterGain = 1.0f - (1.0f - m_limiterGain) * m_limiterRecovery;
        const float level = std::abs(sample);
        if (level * m_limiterGain > kLimiterCeiling)
            m_limiterGain = kLimiterCeiling / level;
        if (m_limiterGain < 1.0f)
            sample *= m_limiterGain;
        if (m_limiterGain < kNoticeableGain)
            ++m_limitedSamples;
    }
}

int Mixer::activeVoices() const {
    return static_cast<int>(
        std::count_if(m_voices.begin(), m_voices.end(), [](const Voice& v) { return v.active; }));
}

bool Mixer::isLooping(SoundId sound) const {
    return std::any_of(m_voices.begin(), m_voices.end(), [sound](const Voice& voice) {
        return voice.active && voice.loop && voice.sound == sound && voice.fadeLeft == 0;
    });
}

} // namespace invaders
