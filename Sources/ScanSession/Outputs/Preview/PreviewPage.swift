import ScanAnnotation

/// The preview's page (`/`): the live stream, the legend of outline colours, the region of interest, the
/// camera controls, the counts and the last events. Plain HTML with a little script; every URL is relative,
/// so the page also works behind a reverse proxy under a path.
enum PreviewPage {
    /// The outline colours as the page lists them (name, CSS colour).
    static let legend: [(name: String, colour: String)] =
        OutlineState.allCases.map { ($0.rawValue, $0.cssColour) } + [("region_of_interest", regionCSS)]

    static var regionCSS: String {
        let c = AnnotationCanvas.regionColour
        return OutlineState.hex(c.red, c.green, c.blue)
    }

    /// The page for `connection` of `session`; `connections` lists every connection feeding `output`.
    static func html(session: String, output: String, connection: Int, connections: [Int]) -> String {
        let swatches = legend.map {
            let name = $0.name.replacingOccurrences(of: "_", with: " ")
            return "<span class=\"swatch\"><i style=\"border-color:\($0.colour)\"></i>\(name)</span>"
        }.joined(separator: "\n      ")
        let tabs =
            connections.count < 2
            ? ""
            : "<nav>"
                + connections.map {
                    "<a href=\"?connection=\($0)\"\($0 == connection ? " class=\"on\"" : "")>connection \($0)</a>"
                }.joined(separator: " ") + "</nav>"
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>scanctl preview: \(escaped(session))</title>
            <style>
              body { margin: 0; background: #15181c; color: #e6e6e6; font: 14px/1.4 system-ui, sans-serif; }
              header { height: 44px; display: flex; align-items: center; gap: 16px; padding: 0 16px;
                       background: #0d0f12; border-bottom: 1px solid #2a2f36; }
              header h1 { font-size: 16px; margin: 0; font-weight: 600; }
              header .dim, .dim { color: #8a929c; }
              nav a { color: #8ab4f8; margin-right: 8px; } nav a.on { color: #fff; font-weight: 600; }
              main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; }
              #view { flex: 0 1 auto; min-width: 0; }
              #stream { display: block; max-width: 100%; background: #000; }
              .legend { margin-top: 8px; display: flex; gap: 14px; flex-wrap: wrap; }
              .swatch i { display: inline-block; width: 14px; height: 10px; border: 3px solid; margin-right: 5px;
                          vertical-align: -2px; }
              aside { flex: 1 1 320px; min-width: 280px; max-width: 460px; }
              aside h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: #8a929c;
                         margin: 0 0 6px; }
              aside section { background: #1d2127; border: 1px solid #2a2f36; border-radius: 6px; padding: 10px 12px;
                              margin-bottom: 12px; }
              dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; }
              dt { color: #8a929c; } dd { margin: 0; font-variant-numeric: tabular-nums; }
              ol { list-style: none; margin: 0; padding: 0; max-height: 40vh; overflow: auto; }
              ol li { padding: 3px 0; border-bottom: 1px solid #262b31; overflow-wrap: anywhere; }
              .kind { display: inline-block; min-width: 84px; font-weight: 600; }
              .control { display: grid; grid-template-columns: 130px 1fr 56px; gap: 6px; align-items: center;
                         margin: 4px 0; }
              .control output { text-align: right; font-variant-numeric: tabular-nums; }
              #control-result { min-height: 1.2em; }
            </style>
            </head>
            <body>
            <header>
              <h1>scanctl preview</h1>
              <span>session <b>\(escaped(session))</b></span>
              <span class="dim">output \(escaped(output)) · connection \(connection)</span>
              \(tabs)
            </header>
            <main>
              <div id="view">
                <img id="stream" src="stream?connection=\(connection)" alt="live frames of connection \(connection)">
                <div class="legend">
                  \(swatches)
                </div>
              </div>
              <aside>
                <section><h2>Region of interest</h2><div id="roi" class="dim">…</div></section>
                <section><h2>Counts</h2><dl id="counts"></dl></section>
                <section><h2>Camera</h2><div id="controls" class="dim">…</div><div id="control-result" class="dim"></div></section>
                <section><h2>Last events</h2><ol id="events"></ol></section>
              </aside>
            </main>
            <script>
            const connection = \(connection);
            const colours = {\(legend.map { "\"\($0.name)\": \"\($0.colour)\"" }.joined(separator: ", ")), "error": "#ff6b6b"};
            const text = (tag, value, cls) => { const e = document.createElement(tag); e.textContent = value;
              if (cls) e.className = cls; return e; };
            let built = "";
            function showStatus(s) {
              const c = s.connections.find(c => c.index === connection);
              const r = c && c.region_of_interest;
              document.getElementById("roi").textContent = r
                ? `x ${r.x}, y ${r.y}, width ${r.width}, height ${r.height} (fractions of the frame)`
                : "the whole frame";
              const counts = document.getElementById("counts");
              counts.replaceChildren();
              for (const [k, v] of Object.entries(s.counts)) {
                counts.append(text("dt", k.replace("_", " ")), text("dd", v));
              }
              const cams = s.cameras;
              const shape = JSON.stringify(cams.map(c => [c.input, c.open, c.controls.map(x => x.key)]));
              if (shape !== built) { buildControls(cams); built = shape; }
              for (const cam of cams) for (const ctl of cam.controls) {
                const input = document.getElementById(`ctl-${cam.input}-${ctl.key}`);
                if (input && document.activeElement !== input && ctl.value !== null) {
                  if (input.type === "checkbox") input.checked = ctl.value !== 0; else input.value = ctl.value;
                  const out = document.getElementById(`out-${cam.input}-${ctl.key}`);
                  if (out) out.textContent = ctl.value;
                }
              }
            }
            function buildControls(cams) {
              const box = document.getElementById("controls");
              box.replaceChildren();
              if (cams.length === 0) { box.textContent = "no camera (frames come from another input)"; return; }
              for (const cam of cams) {
                box.append(text("div", `${cam.input}: ${cam.device}${cam.open ? "" : " (not open)"}`));
                if (cam.controls.length === 0) box.append(text("div", "no focus, exposure or zoom controls", "dim"));
                for (const ctl of cam.controls) {
                  const row = document.createElement("label");
                  row.className = "control";
                  row.append(text("span", ctl.name));
                  let input;
                  if (ctl.kind === "menu" || ctl.kind === "integer_menu") {
                    input = document.createElement("select");
                    for (const item of ctl.menu) {
                      const o = text("option", item.name); o.value = item.value; input.append(o);
                    }
                  } else if (ctl.kind === "boolean") {
                    input = document.createElement("input"); input.type = "checkbox";
                  } else if (ctl.kind === "button") {
                    input = text("button", "run"); input.type = "button";
                  } else {
                    input = document.createElement("input"); input.type = "range";
                    input.min = ctl.minimum; input.max = ctl.maximum; input.step = ctl.step || 1;
                  }
                  input.id = `ctl-${cam.input}-${ctl.key}`;
                  const send = () => setControl(cam.input, ctl.key,
                    ctl.kind === "button" ? 1 : input.type === "checkbox" ? (input.checked ? 1 : 0) : input.value);
                  input.addEventListener(ctl.kind === "button" ? "click" : "change", send);
                  const out = document.createElement("output"); out.id = `out-${cam.input}-${ctl.key}`;
                  row.append(input, out);
                  box.append(row);
                }
              }
            }
            async function setControl(input, name, value) {
              const result = document.getElementById("control-result");
              const answer = await fetch("controls", { method: "POST", body: new URLSearchParams({ input, name, value }) });
              const body = await answer.json();
              result.textContent = answer.ok ? `${name} = ${body.control.value}` : body.error;
              refresh();
            }
            async function refresh() {
              try { showStatus(await (await fetch("status")).json()); } catch (e) { /* the session ended */ }
            }
            refresh();
            setInterval(refresh, 2000);
            const list = document.getElementById("events");
            const events = new EventSource("events");
            for (const kind of ["detected", "confirmed", "lost", "error"]) {
              events.addEventListener(kind, message => {
                const e = JSON.parse(message.data);
                const li = document.createElement("li");
                const time = (e.timestamp || "").slice(11, 23);
                const badge = text("span", kind, "kind");
                badge.style.color = colours[kind];
                const what = e.event === "error" ? `${e.source}: ${e.message}`
                  : `${e.format}: ${e.display_value}` + (e.track_id !== null ? ` (track ${e.track_id})` : "");
                li.append(text("span", time + " ", "dim"), badge, text("span", what));
                list.prepend(li);
                while (list.children.length > 50) list.lastChild.remove();
              });
            }
            </script>
            </body>
            </html>

            """
    }

    /// `text` with HTML's special characters escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
