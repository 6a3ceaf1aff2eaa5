#!/usr/bin/env python3
# Writes docs/architecture.svg (run from the repository root): who owns what in the front end, and how a key
# press travels (docs/architecture.md). Boxes and arrows by hand, so the picture needs no graphviz.
W, H = 1000, 700
out = []
from xml.sax.saxutils import escape as esc
def box(x, y, w, h, title, lines=(), fill="#f4f6fb", stroke="#3b4a6b", title_fill="#1d2740", dash=False):
    d = ' stroke-dasharray="6 4"' if dash else ''
    out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{fill}" stroke="{stroke}" stroke-width="1.6"{d}/>')
    out.append(f'<text x="{x+10}" y="{y+20}" class="t" fill="{title_fill}">{esc(title)}</text>')
    for i, line in enumerate(lines):
        out.append(f'<text x="{x+10}" y="{y+38+i*15}" class="s" xml:space="preserve">{esc(line)}</text>')
def arrow(x1, y1, x2, y2, label="", color="#3b4a6b", lx=None, ly=None, anchor="start", marker="a"):
    out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{color}" stroke-width="1.8" marker-end="url(#{marker})"/>')
    if label:
        lx = (x1 + x2) / 2 + 6 if lx is None else lx
        ly = (y1 + y2) / 2 - 4 if ly is None else ly
        out.append(f'<text x="{lx}" y="{ly}" class="s" fill="{color}" text-anchor="{anchor}">{label}</text>')
def step(n, x, y):
    out.append(f'<circle cx="{x}" cy="{y}" r="10" fill="#c0392b"/>')
    out.append(f'<text x="{x}" y="{y+4}" class="n" text-anchor="middle">{n}</text>')

# The runner, the scene, the services.
box(20, 50, 270, 110, "Runner (windowed or headless)", [
    "SDL events → vox::ActionMap → ActionState",
    "raw keys, taps → flow.keyPressed, tapped",
    "OptionsApplier: applies and saves the",
    "options that differ, once per step"])
box(365, 50, 270, 110, "GameScene", [
    "steps the flow, then plays the step:",
    "GameSounds(events, screen, simulation),",
    "debris, camera; saves the top ten;",
    "draws the scenery, the HUD, drawUi"])
box(710, 50, 270, 110, "Audio and drawing", [
    "GameSounds → AudioSystem (no flow)",
    "PlayfieldView, HUD (game/scene, game/ui)",
    "read what is shown: the flow's",
    "screen(), simulation(), events()"], fill="#f7f7f2")

# The flow and what it owns.
out.append('<rect x="20" y="215" width="960" height="205" rx="10" fill="#eaf1ea" stroke="#2f6b3a" stroke-width="2"/>')
out.append('<text x="32" y="238" class="t" fill="#1f4a27">GameFlow: which screen is shown, and carryOut(Transition), the one place the screen changes</text>')
out.append('<text x="32" y="256" class="s">owns one of each below; hands them to the screen as a context; outside, read const (session(), runs(), screens())</text>')
box(32, 270, 180, 135, "ScreenSet", ["one object per row of", "kScreenTable, made by", "the row's maker", "(screens/screen_table.h:", "enum + rows, static_assert)"], fill="#ffffff", stroke="#2f6b3a")
box(222, 270, 180, 135, "SharedScreenState", ["screen frames, players,", "rows highlighted, initials", "player, SHARE's return,", "key pressed, display", "(the flow alone writes it)"], fill="#ffffff", stroke="#2f6b3a")
box(412, 270, 180, 135, "Session  (game/flow)", ["the simulation, the pilot,", "every player game's run,", "--record, --replay", "started / ended by the", "flow; stepped by screens"], fill="#ffffff", stroke="#2f6b3a")
box(602, 270, 180, 135, "Runs  (game/flow)", ["the top ten and its kept", "runs (RunStore), WATCH", "playback and verdicts,", "SHARE; started by the", "flow; WATCH steps it"], fill="#ffffff", stroke="#2f6b3a")
box(792, 270, 176, 135, "Settings", ["the options as edited:", "screens edit them, the", "runner's OptionsApplier", "applies and saves them"], fill="#ffffff", stroke="#2f6b3a")

# The screen.
box(190, 520, 620, 125, "The screen shown  (game/screens/<name>_screen.cpp: its class and maker)", [
    "step(StepContext, ui, input) → Transition;   layout(ScreenContext, ui) → Transition (menus, drawing)",
    "ScreenContext: SharedScreenState, Session, Runs (all const), Settings& options (to edit)",
    "StepContext adds: Session& play (PlayScreen, DemoScreen, ReplayScreen step it),",
    "                  Runs& watch (WatchScreen steps, pauses and speeds the watched run)",
    "it never sees GameFlow (screens include screens.h, never game_flow.h)"], fill="#fbf3ea", stroke="#8a5a1c")

# Arrows: the key press, numbered.
arrow(155, 20, 155, 48, color="#c0392b"); step(1, 132, 30)
out.append('<text x="170" y="34" class="s" fill="#c0392b">a key goes down</text>')
arrow(290, 105, 363, 105, color="#c0392b"); step(2, 326, 92)
arrow(430, 160, 430, 213, color="#c0392b"); step(3, 416, 188)
out.append('<text x="444" y="192" class="s" fill="#c0392b">GameFlow::step(input)</text>')
arrow(300, 420, 300, 518, color="#c0392b"); step(4, 286, 470)
out.append('<text x="312" y="465" class="s" fill="#c0392b">screen.step(StepContext)</text>')
arrow(500, 518, 500, 407, color="#c0392b"); step(5, 486, 470)
out.append('<text x="512" y="465" class="s" fill="#c0392b">play.stepPlayer(input)</text>')
arrow(720, 518, 720, 422, color="#c0392b"); step(6, 706, 470)
out.append('<text x="732" y="465" class="s" fill="#c0392b">returns a Transition</text>')
out.append('<text x="732" y="480" class="s" fill="#c0392b">→ carryOut</text>')
arrow(600, 213, 600, 162, color="#c0392b"); step(7, 614, 188)
arrow(635, 105, 708, 105, color="#c0392b"); step(8, 672, 92)
arrow(155, 213, 155, 162, color="#c0392b"); step(9, 141, 188)
out.append('<text x="170" y="192" class="s" fill="#c0392b">options() after the step</text>')
out.append('<text x="630" y="192" class="s" fill="#c0392b">events(), screen(), simulation()</text>')

# The legend.
out.append('<text x="20" y="672" class="s">A key press: 1 the runner reads it → 2 GameScene::step → 3 GameFlow::step → 4 the screen\'s step → 5 it steps the session → 6 it returns a Transition,</text>')
out.append('<text x="20" y="688" class="s">which the flow carries out (the only screen change) → 7 the scene takes the step\'s events and screen → 8 sounds, debris → 9 the options are applied and saved.</text>')

svg = f'''<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="DejaVu Sans, Arial, sans-serif">
<defs>
<marker id="a" markerWidth="10" markerHeight="8" refX="9" refY="4" orient="auto"><path d="M0,0 L10,4 L0,8 z" fill="#c0392b"/></marker>
<style>.t{{font-size:14px;font-weight:bold}} .s{{font-size:11.5px;fill:#222}} .n{{font-size:12px;font-weight:bold;fill:#fff}}</style>
</defs>
<rect width="{W}" height="{H}" fill="#ffffff"/>
<text x="20" y="30" class="t" fill="#1d2740"></text>
''' + "\n".join(out) + "\n</svg>\n"
open("docs/architecture.svg", "w").write(svg)
