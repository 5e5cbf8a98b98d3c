# fish completion for urix, made by "urix completion fish".
function __urix_complete
    set -l cur (commandline -ct)
    set -l words (commandline -opc) "$cur"
    for line in ($words[1] __complete $words[2..-1] 2>/dev/null)
        switch $line
            case :files
                __fish_complete_path "$cur"
            case :dirs
                __fish_complete_directories "$cur"
            case '*'
                echo $line
        end
    end
end
complete -c urix -e
complete -c urix -f -a '(__urix_complete)'
