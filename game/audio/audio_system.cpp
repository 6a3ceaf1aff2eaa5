#include "audio/audio_system.h"

#include "vox/core/assert.h"

#include <SDL.h>

#include <optional>
#include <vector>

namespace invaders {

// Lives on the heap so SDL's audio thread can hold a stable pointer to it.
struct AudioSystem::Device {
    SDL_AudioDeviceID id = 0;
    int sampleRate = 0;
    std::optional<Mixer> mixer; // set before the device is unpaused

    Device() = default;
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;
    ~Device() {
        if (id != 0)
            SDL_CloseAudioDevice(id); // waits for the callback to return
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }

    static void callback(void* userData, Uint8* stream, int bytes) {
        auto* device = static_cast<Device*>(userData);
        const std::size_t count = static_cast<std::size_t>(bytes) / sizeof(float);
        device->mixer->mix(std::span<float>(reinterpret_cast<float*>(stream), count));
    }
};

// An offline render: the mixer, the step's buffer and where the samples go. No SDL.
struct AudioSystem::Offline {
    Mixer mixer;
    OfflineOutput output;
    std::vector<float> step; // one simulation step of samples
    int sampleRate = 0;
    int64_t rendered = 0;
};

vox::Result<AudioSystem> AudioSystem::open(const AudioSettings& settings) {
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0)
        return vox::Error{std::string("cannot start SDL audio: ") + SDL_GetError()};
    auto device = std::make_unique<Device>(); // from here on, its destructor quits the subsystem

    SDL_AudioSpec desired{};
    desired.freq = settings.sampleRate;
    desired.format = AUDIO_F32SYS;
    desired.channels = 1; // SDL copies mono to every speaker
    desired.samples = static_cast<Uint16>(settings.bufferSamples);
    desired.callback = &Device::callback;
    desired.userdata = device.get();
    SDL_AudioSpec obtained{};
    // Only the rate may change (the bank is synthesised at whatever the device wants); SDL converts the
    // rest, so the callback always gets mono floats.
    device->id = SDL_OpenAudioDevice(settings.deviceName.empty() ? nullptr : settings.deviceName.c_str(), 0,
                                     &desired, &obtained, SDL_AUDIO_ALLOW_FREQUENCY_CHANGE);
    if (device->id == 0) {
        const std::string name = settings.deviceName.empty() ? "the default audio device"
                                                             : "audio device '" + settings.deviceName + "'";
        return vox::Error{"cannot open " + name + ": " + SDL_GetError()};
    }
    device->sampleRate = obtained.freq;
    device->mixer.emplace(SoundBank::synthesize(obtained.freq));
    device->mixer->setVolumes(settings.volumes);
    SDL_PauseAudioDevice(device->id, 0);
    return AudioSystem(std::move(device));
}

AudioSystem AudioSystem::silent() {
    return AudioSystem(std::unique_ptr<Device>());
}

AudioSystem AudioSystem::offline(OfflineOutput output, int sampleRate, const Volumes& volumes) {
    VOX_VERIFY(sampleRate >= 8000 && sampleRate <= 192000 && sampleRate % 60 == 0,
               "AudioSystem::offline: the sample rate must be a multiple of 60 from 8000 to 192000 Hz, so "
               "every 60 Hz step is a whole number of samples");
    auto offline =
        std::unique_ptr<Offline>(new Offline{.mixer = Mixer(SoundBank::synthesize(sampleRate)),
                                             .output = std::move(output),
                                             .step = std::vector<float>(static_cast<size_t>(sampleRate / 60)),
                                             .sampleRate = sampleRate,
                                             .rendered = 0});
    offline->mixer.setVolumes(volumes);
    return AudioSystem(std::move(offline));
}

AudioSystem AudioSystem::openOrSilent(const AudioSettings& settings,
                                      const std::function<void(std::string_view)>& warn) {
    vox::Result<AudioSystem> opened = open(settings);
    if (opened)
        return std::move(opened).value();
    warn(opened.error().message + "; the game runs without sound");
    return silent();
}

AudioSystem::AudioSystem(std::unique_ptr<Device> device) : m_device(std::move(device)) {}
AudioSystem::AudioSystem(std::unique_ptr<Offline> offline) : m_offline(std::move(offline)) {}
AudioSystem::AudioSystem(AudioSystem&&) noexcept = default;
AudioSystem& AudioSystem::operator=(AudioSystem&&) noexcept = default;
AudioSystem::~AudioSystem() = default;

template <class Function>
void AudioSystem::withMixer(Function&& function) const {
    if (m_offline) {
        function(m_offline->mixer); // no other thread: the render runs in the caller's steps
        return;
    }
    if (!m_device)
        return;
    SDL_LockAudioDevice(m_device->id);
    function(*m_device->mixer);
    SDL_UnlockAudioDevice(m_device->id);
}

void AudioSystem::cue(SoundCue::Kind kind, SoundId sound) {
    if (m_offline && m_offline->output.cues)
        m_offline->output.cues(SoundCue{.kind = kind, .sound = sound, .sample = m_offline->rendered});
}

int AudioSystem::sampleRate() const {
    if (m_offline)
        return m_offline->sampleRate;
    return m_device ? m_device->sampleRate : 0;
}

void AudioSystem::play(SoundId sound) {
    withMixer([sound](Mixer& mixer) { mixer.play(sound); });
    cue(SoundCue::Kind::Play, sound);
}

void AudioSystem::startLoop(SoundId sound) {
    if (m_offline && !m_offline->mixer.isLooping(sound))
        cue(SoundCue::Kind::StartLoop, sound);
    withMixer([sound](Mixer& mixer) { mixer.startLoop(sound); });
}

void AudioSystem::stopLoop(SoundId sound) {
    if (m_offline && m_offline->mixer.isLooping(sound))
        cue(SoundCue::Kind::StopLoop, sound);
    withMixer([sound](Mixer& mixer) { mixer.stopLoop(sound); });
}

void AudioSystem::stopAll() {
    if (m_offline && m_offline->mixer.activeVoices() > 0)
        cue(SoundCue::Kind::StopAll, SoundId::Shot);
    withMixer([](Mixer& mixer) { mixer.stopAll(); });
}

void AudioSystem::setVolumes(const Volumes& volumes) {
    withMixer([&volumes](Mixer& mixer) { mixer.setVolumes(volumes); });
}

int AudioSystem::activeVoices() const {
    int count = 0;
    withMixer([&count](Mixer& mixer) { count = mixer.activeVoices(); });
    return count;
}

void AudioSystem::renderStep() {
    if (!m_offline)
        return;
    m_offline->mixer.mix(m_offline->step);
    m_offline->rendered += static_cast<int64_t>(m_offline->step.size());
    if (m_offline->output.samples)
        m_offline->output.samples(m_offline->step);
}

int64_t AudioSystem::renderedSamples() const {
    return m_offline ? m_offline->rendered : 0;
}

} // namespace invaders
