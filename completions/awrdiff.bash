# bash completion for awrdiff: commands, options, formats and report files.
# Installed by `cmake --install` as share/bash-completion/completions/awrdiff; to try it without installing:
#   source completions/awrdiff.bash
_awrdiff() {
  local cur prev words cword
  if declare -F _init_completion >/dev/null 2>&1; then
    _init_completion || return
  else
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  fi

  # The command (and history/baseline sub-command) typed so far.
  local cmd="" sub="" i
  for ((i = 1; i < cword; i++)); do
    case ${words[i]} in
      -*) ;;
      report|snapshot|check|baseline|history|timeline|fleet|tables|catalog)
        [ -z "$cmd" ] && cmd=${words[i]} ;;
      save|show|add|list|prune|export)
        [ -n "$cmd" ] && [ -z "$sub" ] && sub=${words[i]} ;;
    esac
  done

  local common="-o --output -f --format -v --verbose --top-sql -s --summary -w --width --rows --color --mask --strict --help"
  case $prev in
    -f|--format)
      if [ "$cmd" = history ]; then
        COMPREPLY=($(compgen -W "csv jsonl" -- "$cur"))
      elif [ "$cmd" = check ]; then
        COMPREPLY=($(compgen -W "text markdown jira html json openmetrics" -- "$cur"))
      else
        COMPREPLY=($(compgen -W "text markdown jira html json" -- "$cur"))
      fi
      return ;;
    --color|--colour) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --match) COMPREPLY=($(compgen -W "all hour weekday-hour" -- "$cur")); return ;;
    --top-sql|-w|--width|-j|--jobs|--for|--window|--older-than|--bodies-older-than|--dbid|--instance) return ;;
    --rows) [ "$cmd" != tables ] && return ;;
    -o|--output|--policy|--db)
      COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
  esac

  local opts
  case $cmd in
    "") opts="report snapshot check baseline history timeline fleet tables catalog --base --target --exit-code --replay --version $common" ;;
    report) opts=$common ;;
    snapshot) opts="-j --jobs -f --format -o --output -v --verbose --mask --strict --help" ;;
    check) opts="--baseline --history --policy --match -q --quiet --nagios --db --window --for --add --keep-failed $common" ;;
    baseline)
      case $sub in
        "") opts="save show --help" ;;
        save) opts="-o --output --help" ;;
        show) opts="-o --output -v --verbose --help" ;;
      esac ;;
    history)
      case $sub in
        "") opts="add list show prune export --help" ;;
        add) opts="-j --jobs --no-snapshots -v --verbose --db --help" ;;
        list) opts="--periods --dbid -v --verbose -o --output --db --help" ;;
        show) opts="--dbid --instance -o --output --db --help" ;;
        prune) opts="--older-than --months --bodies-older-than --drop-flagged-bodies --dry-run --db --help" ;;
        export) opts="-f --format -o --output --db --help" ;;
      esac ;;
    timeline) opts="--db --dbid --instance --from --to --metric --min-segment --match -o --output -f --format -w --width --rows --help" ;;
    fleet) opts="--db --from --to --window --match --silent-after --nagios -o --output -f --format -w --width --help" ;;
    tables) opts="--rows -o --output -f --format --help" ;;
    catalog) opts="--metrics --sections -o --output -f --format --help" ;;
  esac

  if [[ $cur == -* ]] || { [ "$cmd" = "" ] && [ "$cword" = 1 ] && [[ $cur != */* ]] && [[ $cur != .* ]] && [ -n "$cur" ]; }; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    [ ${#COMPREPLY[@]} -gt 0 ] && return
  fi
  if [ "$cmd" = baseline ] && [ -z "$sub" ] || [ "$cmd" = history ] && [ -z "$sub" ]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    return
  fi
  # Report files (AWR and Statspack: .html, .txt, .lst, .gz, saved .json), and the commands at the start.
  local f
  COMPREPLY=()
  while IFS= read -r f; do
    if [ -d "$f" ]; then COMPREPLY+=("$f"); continue; fi
    case ${f,,} in *.html|*.htm|*.txt|*.lst|*.out|*.log|*.gz|*.json) COMPREPLY+=("$f") ;; esac
  done < <(compgen -f -- "$cur")
  [ "$cword" = 1 ] && COMPREPLY+=($(compgen -W "report snapshot check baseline history timeline fleet tables catalog" -- "$cur"))
  compopt -o filenames 2>/dev/null
  return 0
}
complete -F _awrdiff awrdiff
