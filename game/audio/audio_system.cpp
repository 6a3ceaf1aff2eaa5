#include "audio/audio_system.h"

#include <SDL.h>

#include <optional>

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
    return AudioSystem(nullptr);
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
AudioSystem::AudioSystem(AudioSystem&&) noexcept = default;
AudioSystem& AudioSystem::operator=(AudioSystem&&) noexcept = default;
AudioSystem::~AudioSystem() = default;

template <class Function>
void AudioSystem::withMixer(Function&& function) const {
    if (!m_device)
        return;
    SDL_LockAudioDevice(m_device->id);
    function(*m_device->mixer);
    SDL_UnlockAudioDevice(m_device->id);
}

int AudioSystem::sampleRate() const {
    return m_device ? m_device->sampleRate : 0;
}

void AudioSystem::play(SoundId sound) {
    withMixer([sound](Mixer& mixer) { mixer.play(sound); });
}

void AudioSystem::startLoop(SoundId sound) {
    withMixer([sound](Mixer& mixer) { mixer.startLoop(sound); });
}

void AudioSystem::stopLoop(SoundId sound) {
    withMixer([sound](Mixer& mixer) { mixer.stopLoop(sound); });
}

void AudioSystem::stopAll() {
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

} // namespace invaders
