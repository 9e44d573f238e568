//! The builder: deployment pickers, the flag pickers grouped by [`Group`] (the less common
//! groups folded under "More flags"), the flags Preflight does not model (passed through),
//! and the environment variables.

use preflight_core::config::value_text;
use preflight_core::domains::arch::find_arch;
use preflight_core::domains::flags::{ENV_VARS, FLAGS, FlagKind, Group, find_flag};
use preflight_core::{LaunchConfig, sglang_cli, version_of};
use serde_json::Value;
use std::rc::Rc;
use yew::prelude::*;

use super::flag_field::FlagField;
use super::model_config_field::ModelConfigField;
use super::select_field::SelectField;
use super::text_field::{CheckField, TextField};
use super::use_actions;
use crate::options::{Reasons, arch_select, cuda_select, gpu_select, reasons_for, version_select};
use crate::state::Action;
use crate::url::{default_config, is_env_name};

/// Flag groups in display order: (group, heading, shown outside "More flags").
pub const GROUPS: &[(Group, &str, bool)] = &[
    (Group::Attention, "Attention and KV cache", true),
    (Group::Sparse, "Sparse attention (DSA, DeepSeek-V4)", true),
    (Group::Speculative, "Speculative decoding", false),
    (Group::Serving, "Serving", false),
    (Group::Linear, "Linear attention / Mamba", false),
];

/// Props of [`Builder`].
#[derive(Properties, PartialEq)]
pub struct BuilderProps {
    /// The configuration being edited.
    pub cfg: LaunchConfig,
}

fn group_fieldset(cfg: &LaunchConfig, group: Group, heading: &str, reasons: &AllReasons) -> Html {
    let v = version_of(cfg);
    html! {
        <fieldset class="group">
            <legend>{ heading.to_string() }</legend>
            { for FLAGS.iter().filter(|f| f.group == group).map(|f| html! {
                <FlagField key={f.name} name={f.name} version={v} value={cfg.arg(f.name)}
                    reasons={reasons.get(f.name).cloned()} />
            }) }
        </fieldset>
    }
}

/// The reasons of every choice flag's values, by flag name, for one configuration.
type AllReasons = std::collections::BTreeMap<&'static str, Rc<Reasons>>;

/// Delay before the pickers' reasons are computed after a change (ms): the verdict comes
/// first, and typing in a text field does not recompute them per keystroke.
const REASONS_DELAY_MS: u32 = 120;

/// The reasons for `cfg` (one evaluation per value of every choice flag of `groups`).
fn all_reasons(cfg: &LaunchConfig, groups: &[Group]) -> AllReasons {
    let v = version_of(cfg);
    FLAGS
        .iter()
        .filter(|f| matches!(f.kind, FlagKind::Choice) && groups.contains(&f.group))
        .map(|f| (f.name, Rc::new(reasons_for(cfg, f, v))))
        .collect()
}

/// The configuration form.
#[component]
pub fn Builder(props: &BuilderProps) -> Html {
    let actions = use_actions();
    let cfg = &props.cfg;
    let set = |key: &'static str| actions.reform(move |v: String| Action::Set(key.into(), Some(v)));
    let custom = cfg.gpu.is_none() && cfg.compute_capability.is_some();
    let model_placeholder = cfg
        .arch
        .as_deref()
        .and_then(find_arch)
        .map(|a| format!("default: {}", a.model))
        .unwrap_or_else(|| "e.g. zai-org/GLM-5".into());
    let more_set = GROUPS.iter().filter(|(_, _, main)| !main).any(|(g, _, _)| {
        FLAGS
            .iter()
            .any(|f| f.group == *g && cfg.arg(f.name).is_some())
    });
    // "More flags" opens when one of its flags is set and then stays open (clearing the
    // flag must not fold the section away under the user's pointer).
    let ever_open = use_mut_ref(|| false);
    if more_set {
        *ever_open.borrow_mut() = true;
    }
    let more_open = *ever_open.borrow();
    // the pickers' reasons: computed shortly after the verdict, for the groups on screen
    let reasons: UseStateHandle<(LaunchConfig, Rc<AllReasons>)> =
        use_state(|| (LaunchConfig::default(), Rc::new(AllReasons::new())));
    {
        let reasons = reasons.clone();
        let pending = use_mut_ref(|| None::<gloo_timers::callback::Timeout>);
        use_effect_with((cfg.clone(), more_open), move |(cfg, more)| {
            let cfg = cfg.clone();
            let groups: Vec<Group> = GROUPS
                .iter()
                .filter(|(_, _, main)| *main || *more)
                .map(|(g, _, _)| *g)
                .collect();
            let timeout = gloo_timers::callback::Timeout::new(REASONS_DELAY_MS, move || {
                let r = all_reasons(&cfg, &groups);
                reasons.set((cfg, Rc::new(r)));
            });
            *pending.borrow_mut() = Some(timeout);
        });
    }
    // reasons of another configuration are not shown
    let shown_reasons: Rc<AllReasons> = if reasons.0 == *cfg {
        reasons.1.clone()
    } else {
        Rc::new(AllReasons::new())
    };
    let extra_env: Vec<(String, String)> = cfg
        .env
        .iter()
        .filter(|(k, _)| ENV_VARS.iter().all(|e| e.name != k.as_str()) && is_env_name(k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let reset = actions.reform(|_: MouseEvent| Action::Load(default_config()));
    // ServerArgs fields Preflight does not model (from a pasted launch or the URL)
    let v = version_of(cfg);
    let other_args: Vec<(String, String, Option<String>, bool)> = cfg
        .args
        .iter()
        .filter(|(k, _)| find_flag(k).is_none())
        .map(|(k, val)| {
            let dashed = format!("--{}", k.replace('_', "-"));
            let opt = sglang_cli::find_dest(k, v).or_else(|| sglang_cli::find_exact(&dashed, v));
            let is_list = opt.is_some_and(|o| o.is_list()) || val.is_array();
            let label = match opt {
                Some(o) if !o.is_negative(&dashed) => o.canonical().to_string(),
                _ => dashed,
            };
            let text = match val {
                Value::Bool(_) => None,
                Value::Array(items) => Some(
                    items
                        .iter()
                        .filter_map(value_text)
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                other => Some(value_text(other).unwrap_or_default()),
            };
            (k.clone(), label, text, is_list)
        })
        .collect();

    html! {
        <form class="builder" aria-label="Launch configuration" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
            <fieldset class="group">
                <legend>{ "Deployment" }</legend>
                <SelectField id="pick-sglang" label="SGLang version" model={version_select(cfg)}
                    on_change={set("sglang")} set={cfg.sglang.is_some()}
                    hint="Choice lists, messages and source lines follow the release." />
                <SelectField id="pick-gpu" label="GPU" model={gpu_select(cfg)}
                    on_change={actions.reform(Action::PickGpu)} set={cfg.gpu.is_some() || custom} />
                if custom {
                    <TextField id="pick-cc" label="Compute capability"
                        value={cfg.compute_capability.clone().unwrap_or_default()}
                        placeholder="e.g. 12.0" inputmode={AttrValue::from("decimal")}
                        hint="NVIDIA major.minor, e.g. 9.0 (Hopper), 10.0 (B200), 12.0 (RTX 50xx), 12.1 (GB10)."
                        on_change={set("compute_capability")} set={true} />
                }
                <SelectField id="pick-cuda" label="CUDA (torch build)" model={cuda_select(cfg)}
                    on_change={set("cuda_version")} set={cfg.cuda_version.is_some()} />
                <SelectField id="pick-arch" label="Architecture" model={arch_select(cfg)}
                    on_change={set("arch")} set={cfg.arch.is_some()}
                    hint="architectures[0] in the model's config.json." />
                <TextField id="pick-model" label="Model path (optional)"
                    value={cfg.model_path.clone().unwrap_or_default()}
                    placeholder={model_placeholder}
                    on_change={set("model_path")} set={cfg.model_path.is_some()} />
                <ModelConfigField config={cfg.model_config.clone()} />
            </fieldset>
            { for GROUPS.iter().filter(|(_, _, main)| *main).map(|(g, h, _)| group_fieldset(cfg, *g, h, &shown_reasons)) }
            <details class="more" open={more_open}>
                <summary>{ "More flags" }</summary>
                { for GROUPS.iter().filter(|(_, _, main)| !main).map(|(g, h, _)| group_fieldset(cfg, *g, h, &shown_reasons)) }
            </details>
            if !other_args.is_empty() {
                <fieldset class="group" id="other-flags">
                    <legend>{ "Other SGLang flags" }</legend>
                    <p class="hint">{ "Not modelled by Preflight: passed through to the command as they are (argparse's type and choice checks still apply)." }</p>
                    { for other_args.into_iter().map(|(key, label, text, is_list)| {
                        let id = format!("arg-{}", key.replace('_', "-"));
                        let k2 = key.clone();
                        match text {
                            Some(t) => html! {
                                <TextField key={key.clone()} id={id} label={label} value={t}
                                    hint={is_list.then(|| AttrValue::from("A list: separate the values with spaces."))}
                                    on_change={actions.reform(move |v: String| if is_list {
                                        Action::SetList(k2.clone(), v.split_whitespace().map(str::to_string).collect())
                                    } else {
                                        Action::Set(k2.clone(), Some(v))
                                    })}
                                    set={true} />
                            },
                            None => html! {
                                <CheckField key={key.clone()} id={id} label={label} checked={true}
                                    on_change={actions.reform(move |on: bool| Action::Set(k2.clone(), on.then(|| "true".to_string())))} />
                            },
                        }
                    }) }
                </fieldset>
            }
            <fieldset class="group">
                <legend>{ "Environment" }</legend>
                { for ENV_VARS.iter().map(|e| {
                    let key: &'static str = e.name;
                    html! {
                        <TextField key={key} id={format!("env-{key}")} label={key}
                            value={cfg.env.get(key).cloned().unwrap_or_default()}
                            placeholder="unset" hint={AttrValue::from(e.help)}
                            suggestions={e.values.iter().filter(|s| !s.is_empty()).map(|s| s.to_string()).collect::<Vec<_>>()}
                            on_change={actions.reform(move |v: String| Action::Set(format!("env.{key}"), Some(v)))}
                            set={cfg.env.contains_key(key)} />
                    }
                }) }
                { for extra_env.into_iter().map(|(k, v)| {
                    let key = format!("env.{k}");
                    html! {
                        <TextField key={k.clone()} id={format!("env-{k}")} label={k.clone()} value={v}
                            hint="Not read by any modelled check; passed through to the command."
                            on_change={actions.reform(move |v: String| Action::Set(key.clone(), Some(v)))}
                            set={true} />
                    }
                }) }
            </fieldset>
            <p class="actions">
                <button type="button" class="secondary" onclick={reset}>{ "Reset to the default example" }</button>
            </p>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_group_is_shown() {
        for f in FLAGS {
            assert!(GROUPS.iter().any(|(g, _, _)| *g == f.group), "{}", f.name);
        }
    }
}
