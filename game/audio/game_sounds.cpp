#include "audio/game_sounds.h"

#include "sim/simulation.h"

namespace invaders {

std::optional<SoundId> soundFor(const SimEvent& event) {
    switch (event.type) {
    case SimEventType::MarchNote:
        return marchNote(event.value);
    case SimEventType::PlayerShotFired:
        return SoundId::Shot;
    case SimEventType::InvaderKilled:
        return SoundId::InvaderHit;
    case SimEventType::PlayerHit:
        return SoundId::PlayerHit;
    case SimEventType::SaucerHit:
        return SoundId::SaucerHit;
    case SimEventType::ExtraShip:
        return SoundId::ExtraLife;
    default:
        return std::nullopt;
    }
}

void GameSounds::step(std::span<const SimEvent> events, Screen screen, const Simulation* shown,
                      AudioSystem& audio) {
    for (const SimEvent& event : events) {
        if (const std::optional<SoundId> sound = soundFor(event))
            audio.play(*sound);
    }

    const bool running = screen == Screen::Playing || screen == Screen::Demo || screen == Screen::Replay ||
                         screen == Screen::Watch;
    const bool saucerFlying = running && shown != nullptr && shown->saucer().active;
    if (saucerFlying != m_saucerLooping) {
        if (saucerFlying)
            audio.startLoop(SoundId::SaucerLoop);
        else
            audio.stopLoop(SoundId::SaucerLoop);
        m_saucerLooping = saucerFlying;
    }

    if (screen == Screen::Paused || screen == Screen::Options || screen == Screen::Controls ||
        screen == Screen::Accessibility)
        audio.stopAll();
}

} // namespace invaders
