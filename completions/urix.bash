# bash completion for urix, made by "urix completion bash".
_urix() {
    local cur=${COMP_WORDS[COMP_CWORD]} line files=
    COMPREPLY=()
    while IFS= read -r line; do
        case $line in
        :files) files=f ;;
        :dirs) files=d ;;
        *) COMPREPLY+=("${line%%$'\t'*}") ;;
        esac
    done < <("${COMP_WORDS[0]}" __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
    if [[ -n $files ]]; then
        compopt -o filenames 2>/dev/null
        [[ $cur == = ]] && cur=
        while IFS= read -r line; do
            COMPREPLY+=("$line")
        done < <(compgen -"$files" -- "$cur")
    fi
}
complete -F _urix urix
