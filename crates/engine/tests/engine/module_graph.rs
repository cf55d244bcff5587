//! The engine's modules depend on each other without a cycle: read from the `crate::`
//! paths in `src/` (comments and test modules left out), each top-level module's
//! dependencies form a graph that must be acyclic, so that `score` and `packed_move`
//! stay leaves below the search, the table and the move ordering.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Top-level module name → the top-level modules its code names through `crate::`.
type Graph = BTreeMap<String, BTreeSet<String>>;

fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = Graph::new();
    let mut files = vec![src.clone()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            let entries = fs::read_dir(&path).expect("readable source directory");
            files.extend(entries.map(|entry| entry.expect("a directory entry").path()));
            continue;
        }
        if path.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        let relative = path.strip_prefix(&src).expect("under src/");
        let first = relative.components().next().expect("a path");
        let module = first
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_owned();
        if module == "lib" || module == "main" {
            continue;
        }
        let text = fs::read_to_string(&path).expect("readable source");
        let code: String = text
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or_default()
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let uses = graph.entry(module.clone()).or_default();
        uses.extend(
            crate_paths(&code)
                .into_iter()
                .filter(|used| *used != module),
        );
    }
    graph
}

/// The first segment of every `crate::` path in `code`, `crate::{a, b::c}` included.
fn crate_paths(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // Items separated by commas at the group's own level.
            let mut depth = 0;
            let mut item_start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        names.push(identifier(&group[i..]));
                        item_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            names.push(identifier(rest));
        }
    }
    names.retain(|name| !name.is_empty() && name != "self");
    names
}

fn identifier(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// A cycle of `graph`, if it has one.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        graph: &Graph,
        module: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == module) {
            let mut cycle = path[start..].to_vec();
            cycle.push(module.to_owned());
            return Some(cycle);
        }
        if !done.insert(module.to_owned()) {
            return None;
        }
        path.push(module.to_owned());
        for used in graph.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(graph, used, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|module| visit(graph, module, &mut Vec::new(), &mut done))
}

#[test]
fn the_module_graph_has_no_cycle() {
    let graph = graph();
    assert!(
        graph["tt"].contains("score"),
        "the reading works: {graph:?}"
    );
    assert!(graph["search"].contains("tt"), "{graph:?}");
    assert_eq!(find_cycle(&graph), None, "{graph:?}");
}

#[test]
fn a_cycle_is_found() {
    let mut graph = Graph::new();
    for (module, uses) in [("search", "tt"), ("tt", "score"), ("score", "search")] {
        graph
            .entry(module.to_owned())
            .or_default()
            .insert(uses.to_owned());
    }
    let cycle = find_cycle(&graph).expect("a cycle");
    assert_eq!(cycle.first(), cycle.last());
    assert_eq!(cycle.len(), 4, "{cycle:?}");
}

#[test]
fn grouped_and_plain_crate_paths_are_read() {
    let code = "use crate::{\n    clock::Clock,\n    score::{INF, MATE},\n    see,\n};\nlet x = crate::zobrist::hash(p);";
    assert_eq!(crate_paths(code), ["clock", "score", "see", "zobrist"]);
}
