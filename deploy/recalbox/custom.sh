# >>> tapserve >>> (install.sh keeps this block up to date; delete it to stop starting tapserve at boot)
case ${1:-} in
  start | stop)
    tapserve_sh=${0%/*}/tapserve/tapserve.sh
    [ -f "$tapserve_sh" ] || tapserve_sh=/recalbox/share/system/tapserve/tapserve.sh
    sh "$tapserve_sh" "$1" || :
    ;;
esac
# <<< tapserve <<<
