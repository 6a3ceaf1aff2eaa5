#include "audio/mixer.h"

#include <algorithm>

namespace invaders {

Mixer::Mixer(SoundBank bank) : m_bank(std::move(bank)) {}

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
    const float gain = m_volumes.mute ? 0.0f : m_volumes.master * m_volumes.effects;
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
            float sample = samples[voice.position++] * gain;
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
    for (float& out : output)
        out = std::clamp(out, -1.0f, 1.0f); // several loud sounds at once: clip rather than wrap
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
