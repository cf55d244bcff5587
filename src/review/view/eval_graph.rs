//! The evaluation graph of an analysed game: one point per ply on lichess's
//! win-chance scale, White's advantage above the middle, the marked moves as
//! coloured dots, the viewed ply as a vertical line. Drawn by the app as SVG.
//!
//! The drawing is a fixed-aspect SVG (`viewBox` [`WIDTH`] × [`HEIGHT`], 100 %
//! wide). Where plies are analysed, the dark background is Black's share and
//! the light area under the curve White's, as on the evaluation bar; plies
//! not analysed yet stay neutral. Each ply owns a full-height,
//! transparent column: the hit target for hovering (the move and its
//! evaluation) and clicking (go to that ply).

use gambit_rules::{Eval, Judgement};
use leptos::prelude::*;

/// One move of the graph.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphPoint {
    /// 1..=n: the position after this move.
    pub ply: usize,
    /// The evaluation after the move, from White's side; `None` while it is
    /// not analysed yet.
    pub eval: Option<Eval>,
    /// The move as the list writes it: `"12. Nf3"` or `"12… Nf6"`.
    pub label: String,
    /// The move's mark, if it has one.
    pub judgement: Option<Judgement>,
}

/// The width of the drawing, in SVG user units.
pub const WIDTH: f64 = 600.0;
/// The height of the drawing, in SVG user units (the aspect is 10 : 3: tall
/// enough in a side panel about 20 rem wide).
pub const HEIGHT: f64 = 180.0;

/// The vertical position of an evaluation: White's winning chances +1 (a
/// mate by White) at the top edge, 0 in the middle, -1 at the bottom.
pub fn y_of(eval: Eval) -> f64 {
    HEIGHT / 2.0 * (1.0 - eval.winning_chances().clamp(-1.0, 1.0))
}

/// The horizontal middle of ply `ply`'s column (1-based) among `count`.
pub fn x_of(ply: usize, count: usize) -> f64 {
    (ply as f64 - 0.5) * column_width(count)
}

/// The width of one ply's column among `count`.
pub fn column_width(count: usize) -> f64 {
    WIDTH / count.max(1) as f64
}

/// The evaluation as the graph's hover text writes it: `+0.31`, `-1.20`,
/// `0.00`, `#3`, `#-2`.
pub fn eval_text(eval: Eval) -> String {
    match eval {
        Eval::Cp(cp) if cp > 0 => format!("+{eval}"),
        _ => eval.to_string(),
    }
}

/// What hovering a ply shows (and its `<title>` says): `"12. Nf3?? -1.50"`,
/// or `"12. Nf3 (not analysed yet)"`.
pub fn describe(point: &GraphPoint) -> String {
    let symbol = point.judgement.map_or("", Judgement::symbol);
    match point.eval {
        Some(eval) => format!("{}{symbol} {}", point.label, eval_text(eval)),
        None => format!("{}{symbol} (not analysed yet)", point.label),
    }
}

/// The runs of consecutive analysed plies, each as its points `(x, y)`; a
/// ply not analysed yet breaks the curve.
fn runs(points: &[GraphPoint]) -> Vec<Vec<(f64, f64)>> {
    let count = points.len();
    let mut runs: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut current = Vec::new();
    for point in points {
        match point.eval {
            Some(eval) => current.push((x_of(point.ply, count), y_of(eval))),
            None if current.is_empty() => {}
            None => runs.push(std::mem::take(&mut current)),
        }
    }
    if !current.is_empty() {
        runs.push(current);
    }
    runs
}

/// A run stretched half a column to each side, flat, so that every ply's
/// column is covered and a lone analysed ply is still seen.
fn stretched(run: &[(f64, f64)], count: usize) -> Vec<(f64, f64)> {
    let half = column_width(count) / 2.0;
    let mut out = Vec::with_capacity(run.len() + 2);
    if let (Some(&(x0, y0)), Some(&(x1, y1))) = (run.first(), run.last()) {
        out.push((x0 - half, y0));
        out.extend_from_slice(run);
        out.push((x1 + half, y1));
    }
    out
}

fn polyline(points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        let command = if i == 0 { 'M' } else { 'L' };
        d.push_str(&format!("{command}{x:.1} {y:.1}"));
    }
    d
}

/// The SVG path of the curve: one line per run of analysed plies.
pub fn curve_path(points: &[GraphPoint]) -> String {
    runs(points)
        .iter()
        .map(|run| polyline(&stretched(run, points.len())))
        .collect()
}

/// The SVG path of White's area: under each run of the curve, down to the
/// bottom edge.
pub fn area_path(points: &[GraphPoint]) -> String {
    runs(points)
        .iter()
        .map(|run| {
            let line = stretched(run, points.len());
            match (line.first(), line.last()) {
                (Some(&(first, _)), Some(&(last, _))) => format!(
                    "{}L{last:.1} {HEIGHT:.1}L{first:.1} {HEIGHT:.1}Z",
                    polyline(&line)
                ),
                _ => String::new(),
            }
        })
        .collect()
}

/// The SVG path of the analysed stretches: one full-height rectangle per run
/// of analysed plies (Black's share where White's area does not cover it;
/// elsewhere the graph shows that nothing is known yet).
pub fn analysed_path(points: &[GraphPoint]) -> String {
    runs(points)
        .iter()
        .map(|run| {
            let line = stretched(run, points.len());
            match (line.first(), line.last()) {
                (Some(&(first, _)), Some(&(last, _))) => {
                    format!("M{first:.1} 0H{last:.1}V{HEIGHT:.1}H{first:.1}Z")
                }
                _ => String::new(),
            }
        })
        .collect()
}

/// The graph's accessible summary: how much is analysed and the marks.
pub fn summary(points: &[GraphPoint]) -> String {
    let analysed = points.iter().filter(|p| p.eval.is_some()).count();
    let count = |judgement| {
        points
            .iter()
            .filter(|p| p.judgement == Some(judgement))
            .count()
    };
    let mut text = format!(
        "Evaluation graph: {analysed} of {} moves analysed",
        points.len()
    );
    for judgement in Judgement::ALL {
        let n = count(judgement);
        if n > 0 {
            let plural = if n == 1 { "" } else { "s" };
            text.push_str(&format!(", {n} {}{plural}", judgement.name()));
        }
    }
    if let Some(last) = points.iter().rev().find_map(|p| p.eval) {
        text.push_str(&format!(", last evaluation {}", eval_text(last)));
    }
    text
}

/// The evaluation graph. `points` are the game's plies in order (ply 1
/// first); `viewed` is the ply on the board (0: the start position, not
/// marked); clicking a ply's column calls `on_select` with its ply.
///
/// Test attributes: the root `data-testid="eval-graph"`; one column per ply
/// with `data-ply="N"` (and `data-judgement` when marked, `data-viewed` on
/// the viewed one); the viewed line `data-viewed-ply="N"`.
#[component]
pub fn EvalGraph(
    /// The plies of the game, in order.
    #[prop(into)]
    points: Signal<Vec<GraphPoint>>,
    /// The ply on the board.
    #[prop(into)]
    viewed: Signal<usize>,
    /// Called with a ply when its column is clicked.
    on_select: Callback<usize>,
) -> impl IntoView {
    let hovered = RwSignal::new(None::<usize>);
    let count = Memo::new(move |_| points.with(Vec::len));
    let analysed = Memo::new(move |_| points.with(|p| analysed_path(p)));
    let area = Memo::new(move |_| points.with(|p| area_path(p)));
    let curve = Memo::new(move |_| points.with(|p| curve_path(p)));
    let label = Memo::new(move |_| points.with(|p| summary(p)));
    let column = move |(n, point): (usize, GraphPoint)| {
        let ply = point.ply;
        let width = column_width(n);
        let x = x_of(ply, n);
        let judgement = point.judgement.map(Judgement::name);
        let title = describe(&point);
        let dot = point.eval.map(|eval| {
            let class = match judgement {
                Some(name) => format!("eval-graph-point {name}"),
                None => "eval-graph-point".to_owned(),
            };
            view! { <circle class=class cx=format!("{x:.1}") cy=format!("{:.1}", y_of(eval)) r="4.5" /> }
        });
        view! {
            <g class="eval-graph-ply" data-ply=ply data-judgement=judgement
                data-viewed=move || (viewed.get() == ply).then_some("")
                data-hovered=move || (hovered.get() == Some(ply)).then_some("")
                on:pointerenter=move |_| hovered.set(Some(ply))
                on:click=move |_| on_select.run(ply)>
                <title>{title}</title>
                <rect class="eval-graph-hit" x=format!("{:.1}", x - width / 2.0) y="0"
                    width=format!("{width:.1}") height=HEIGHT />
                {dot}
            </g>
        }
    };
    let marker = move || {
        let ply = viewed.get();
        let n = count.get();
        (1..=n).contains(&ply).then(|| {
            let x = format!("{:.1}", x_of(ply, n));
            view! {
                <line class="eval-graph-viewed-halo" x1=x.clone() x2=x.clone() y1="0" y2=HEIGHT />
                <line class="eval-graph-viewed" data-viewed-ply=ply
                    x1=x.clone() x2=x y1="0" y2=HEIGHT />
            }
        })
    };
    let tooltip = move || {
        let ply = hovered.get()?;
        let n = count.get();
        let (text, high) = points.with(|p| {
            let point = p.get(ply.checked_sub(1)?)?;
            let high = point.eval.is_some_and(|eval| y_of(eval) < HEIGHT / 2.0);
            Some((describe(point), high))
        })?;
        // Across from the point, so that it never hides it; as far along as the ply
        // and never past either end.
        let edge = if high { "bottom" } else { "top" };
        let at = (ply as f64 - 0.5) / n.max(1) as f64 * 100.0;
        Some(view! {
            <div class="eval-graph-tooltip" aria-hidden="true"
                style=format!("{edge}: 0.3rem; left: {at:.1}%; transform: translateX(-{at:.1}%)")>
                {text}
            </div>
        })
    };
    view! {
        <div class="eval-graph" data-testid="eval-graph">
            <svg class="eval-graph-svg" viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                role="group" aria-label=move || label.get()
                on:pointerleave=move |_| hovered.set(None)>
                <rect class="eval-graph-pending" x="0" y="0" width=WIDTH height=HEIGHT />
                <path class="eval-graph-black" d=move || analysed.get() />
                <path class="eval-graph-white" d=move || area.get() />
                <line class="eval-graph-middle" x1="0" x2=WIDTH y1=HEIGHT / 2.0 y2=HEIGHT / 2.0 />
                <path class="eval-graph-curve" d=move || curve.get() />
                {marker}
                <For each=move || {
                        let all = points.get();
                        let n = all.len();
                        all.into_iter().map(move |point| (n, point))
                    }
                    key=|(n, point)| (*n, point.ply, point.eval.map(|e| e.to_string()), point.judgement, point.label.clone())
                    children=column />
            </svg>
            {tooltip}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(ply: usize, eval: Option<Eval>) -> GraphPoint {
        GraphPoint {
            ply,
            eval,
            label: format!("{ply}."),
            judgement: None,
        }
    }

    #[test]
    fn mates_are_pinned_at_the_edges_and_equality_in_the_middle() {
        assert_eq!(y_of(Eval::mate(3)), 0.0);
        assert_eq!(y_of(Eval::mate(-1)), HEIGHT);
        assert!((y_of(Eval::Cp(0)) - HEIGHT / 2.0).abs() < 1e-9);
        assert!(y_of(Eval::Cp(150)) < HEIGHT / 2.0, "White better is above");
    }

    #[test]
    fn a_ply_not_analysed_breaks_the_curve() {
        let points = vec![
            point(1, Some(Eval::Cp(20))),
            point(2, Some(Eval::Cp(10))),
            point(3, None),
            point(4, Some(Eval::Cp(-40))),
        ];
        assert_eq!(
            runs(&points).iter().map(Vec::len).collect::<Vec<_>>(),
            [2, 1]
        );
        assert_eq!(curve_path(&points).matches('M').count(), 2);
        assert_eq!(area_path(&points).matches('Z').count(), 2);
        assert_eq!(analysed_path(&points).matches('Z').count(), 2);
        assert_eq!(curve_path(&[point(1, None)]), "");
    }

    #[test]
    fn hover_text_names_the_move_its_mark_and_evaluation() {
        let mut p = point(23, Some(Eval::Cp(31)));
        p.label = "12. Nf3".into();
        assert_eq!(describe(&p), "12. Nf3 +0.31");
        p.judgement = Some(Judgement::Blunder);
        p.eval = Some(Eval::mate(-2));
        assert_eq!(describe(&p), "12. Nf3?? #-2");
        p.eval = None;
        assert_eq!(describe(&p), "12. Nf3?? (not analysed yet)");
    }
}
