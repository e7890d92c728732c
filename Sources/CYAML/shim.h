// libyaml (Debian: libyaml-dev, pkg-config: yaml-0.1). Used through ScanSession's YAMLDocument only.
#include <yaml.h>
