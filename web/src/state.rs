//! The builder's state and its one reducer (no DOM here).

use std::rc::Rc;

use preflight_core::LaunchConfig;
use preflight_core::domains::gpu::find_gpu;
use yew::Reducible;

/// Picker value of the GPU select meaning "custom compute capability".
pub const CUSTOM_GPU: &str = "__custom__";

/// Compute capability proposed when switching to a custom GPU with nothing known.
const DEFAULT_CUSTOM_CC: &str = "12.0";

/// The whole builder state: the launch configuration being edited.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConfigState {
    /// What the user chose; the report is derived from it.
    pub cfg: LaunchConfig,
}

/// Everything the page can do to the state.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Sets (non-empty) or clears (empty or `None`) a generic key: a `ServerArgs` name,
    /// `sglang`, `gpu`, `compute_capability`, `cuda_version`, `arch`, `model_path` or `env.NAME`.
    Set(String, Option<String>),
    /// The GPU select changed: a product name, [`CUSTOM_GPU`], or empty for none.
    PickGpu(String),
    /// Replaces the whole configuration (Apply on a fix, Reset, a pasted launch).
    Load(LaunchConfig),
    /// Uses the user's own `config.json` (a JSON object) for the model's facts, or stops
    /// using it (`None`).
    SetModelConfig(Option<serde_json::Value>),
    /// Sets a `ServerArgs` field to a list of words (an unmodelled `nargs` option); an empty
    /// list removes it.
    SetList(String, Vec<String>),
}

impl ConfigState {
    /// The state for a configuration.
    pub fn new(cfg: LaunchConfig) -> Self {
        ConfigState { cfg }
    }
}

impl Reducible for ConfigState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut cfg = self.cfg.clone();
        match action {
            Action::Set(key, value) => {
                let value = value.filter(|v| !v.trim().is_empty());
                if key == "compute_capability" && value.is_none() && cfg.gpu.is_none() {
                    // Clearing the custom capability keeps the custom mode (and its input)
                    // so that the user can type a new value.
                    cfg.compute_capability = Some(String::new());
                } else {
                    cfg.set_key(&key, value.as_deref());
                }
            }
            Action::PickGpu(choice) => {
                if choice == CUSTOM_GPU {
                    if cfg.compute_capability.is_none() {
                        let cc = cfg
                            .gpu
                            .as_deref()
                            .and_then(find_gpu)
                            .filter(|g| g.gfx.is_none())
                            .map(|g| format!("{}.{}", g.capability.0, g.capability.1))
                            .unwrap_or_else(|| DEFAULT_CUSTOM_CC.into());
                        cfg.set_key("compute_capability", Some(&cc));
                    }
                    cfg.gpu = None;
                } else if choice.is_empty() {
                    cfg.gpu = None;
                    cfg.compute_capability = None;
                } else {
                    cfg.set_key("gpu", Some(&choice));
                }
            }
            Action::Load(new) => cfg = new,
            Action::SetModelConfig(config) => cfg.model_config = config,
            Action::SetList(key, items) => {
                if items.is_empty() {
                    cfg.args.remove(&key);
                } else {
                    let list = items.into_iter().map(serde_json::Value::String).collect();
                    cfg.args.insert(key, serde_json::Value::Array(list));
                }
            }
        }
        if cfg == self.cfg {
            self
        } else {
            Rc::new(ConfigState { cfg })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(s: ConfigState, a: Action) -> Rc<ConfigState> {
        Rc::new(s).reduce(a)
    }

    #[test]
    fn set_and_clear() {
        let s = run(
            ConfigState::default(),
            Action::Set("kv_cache_dtype".into(), Some("fp8_e4m3".into())),
        );
        assert_eq!(s.cfg.arg("kv_cache_dtype").as_deref(), Some("fp8_e4m3"));
        let s = s.reduce(Action::Set("kv_cache_dtype".into(), Some(" ".into())));
        assert_eq!(s.cfg.arg("kv_cache_dtype"), None);
    }

    #[test]
    fn no_op_keeps_the_same_rc() {
        let s = Rc::new(ConfigState::new(crate::url::default_config()));
        let same = s
            .clone()
            .reduce(Action::Set("gpu".into(), Some("H100".into())));
        assert!(Rc::ptr_eq(&s, &same));
    }

    #[test]
    fn lists_of_unmodelled_flags() {
        let s = run(
            ConfigState::default(),
            Action::SetList("cuda_graph_bs_decode".into(), vec!["1".into(), "2".into()]),
        );
        assert_eq!(
            s.cfg.args["cuda_graph_bs_decode"],
            serde_json::json!(["1", "2"])
        );
        let s = s.reduce(Action::SetList("cuda_graph_bs_decode".into(), Vec::new()));
        assert!(s.cfg.args.is_empty());
    }

    #[test]
    fn custom_gpu_seeds_the_capability() {
        let s = ConfigState::new(crate::url::from_query("?gpu=RTX%205090"));
        let s = run(s, Action::PickGpu(CUSTOM_GPU.into()));
        assert_eq!(s.cfg.gpu, None);
        assert_eq!(s.cfg.compute_capability.as_deref(), Some("12.0"));
        let s = s.reduce(Action::Set(
            "compute_capability".into(),
            Some(String::new()),
        ));
        assert_eq!(s.cfg.compute_capability.as_deref(), Some(""));
        assert_eq!(crate::options::gpu_select(&s.cfg).selected, CUSTOM_GPU);
        let s = s.reduce(Action::PickGpu("B200".into()));
        assert_eq!(s.cfg.gpu.as_deref(), Some("B200"));
        assert_eq!(s.cfg.compute_capability, None);
        let s = s.reduce(Action::PickGpu(String::new()));
        assert_eq!(
            (s.cfg.gpu.clone(), s.cfg.compute_capability.clone()),
            (None, None)
        );
    }
}
