// SHARE: the run saved as a .vir file and its code as a .txt beside it, the code on the clipboard; the
// panel says where, how long the code is and how it starts, and how to play it: the commands and the page.
#include "flow/runs.h"
#include "screens/screens.h"

#include <algorithm>
#include <cstdio>

namespace invaders {
namespace {

/// The run SHAREd: its file, its code's length and start, the commands and the page address that play it.
class ShareScreen final : public FlowScreen {
public:
    [[nodiscard]] Transition layout(const ScreenContext& context, ui::Ui& ui) override;
};

constexpr size_t kLineWidth = 56; // characters a line takes in the panel
constexpr size_t kCodeStart = 24; // characters of the code shown

} // namespace

std::vector<std::string> wrapLines(std::string_view text, size_t width) {
    std::vector<std::string> lines;
    std::string line;
    size_t at = 0;
    while (at < text.size()) {
        const size_t space = text.find(' ', at);
        std::string_view word =
            text.substr(at, space == std::string_view::npos ? text.size() - at : space - at);
        at = space == std::string_view::npos ? text.size() : space + 1;
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            lines.push_back(std::move(line));
            line.clear();
        }
        if (!line.empty())
            line += ' ';
        while (line.size() + word.size() > width) { // a word longer than a line is cut
            const size_t take = width - line.size();
            lines.push_back(line + std::string(word.substr(0, take)));
            line.clear();
            word.remove_prefix(take);
        }
        line += word;
    }
    if (!line.empty() || lines.empty())
        lines.push_back(std::move(line));
    return lines;
}

Transition ShareScreen::layout(const ScreenContext& context, ui::Ui& ui) {
    const Runs& runs = context.runs;
    // At most kLineWidth characters a line, fewer where the window is too narrow for them (large text).
    const size_t width = std::min(kLineWidth, ui.textColumns());
    const auto paragraph = [&ui, width](std::string_view text, const glm::vec4& color) {
        for (const std::string& line : wrapLines(text, width))
            ui.text(line, color);
    };
    if (!runs.sharedRun()) {
        ui.beginPanel("NOT SHARED", {0.5f, 0.45f});
        paragraph(runs.shareError(), ui::theme::kWarning);
    } else {
        const SharedRun& shared = *runs.sharedRun();
        const std::string start = shared.code.substr(0, std::min(kCodeStart, shared.code.size()));
        ui.beginPanel("SHARED", {0.5f, 0.45f});
        ui.text("SAVED AS", ui::theme::kMuted);
        paragraph(shared.file.string(), ui::theme::kText);
        ui.text("AND ITS CODE IN " + shared.codeFile.filename().string(), ui::theme::kMuted);
        ui.space();
        char code[96];
        std::snprintf(code, sizeof code, "CODE: %zu CHARACTERS, %s...", shared.code.size(), start.c_str());
        paragraph(code, ui::theme::kText);
        if (shared.copied)
            ui.text("COPIED TO THE CLIPBOARD", ui::theme::kAccent);
        else
            paragraph("NOT COPIED: " + shared.clipboardNote, ui::theme::kWarning);
        ui.space();
        ui.text("PLAY IT WITH", ui::theme::kMuted);
        paragraph("voxel-invaders --replay-code " + start + "...", ui::theme::kText);
        paragraph("voxel-invaders --replay " + shared.file.filename().string(), ui::theme::kText);
        ui.text("OR ON THE PAGE", ui::theme::kMuted);
        paragraph("index.html?run=" + start + "...", ui::theme::kText);
    }
    ui.hints({ui::kHintBack});
    ui.endPanel();
    const ui::NavInput& nav = ui.nav();
    return nav.back || nav.confirm ? Transition::returnTo(context.shared.shareReturn) : Transition::none();
}

std::unique_ptr<FlowScreen> makeShareScreen() {
    return std::make_unique<ShareScreen>();
}

} // namespace invaders
