// The ns-3.37 headers this oracle needs, with the members of TcpBbr, TcpPrrRecovery and
// TcpSocketBase it reads made visible. ns-3 exposes no trace source for BBR's mode, bandwidth
// filter or min RTT, nor for PRR's prr_delivered / prr_out, so the probes read those members
// directly: the standard headers are included first, then ns-3's with `private` / `protected`
// read as `public` (GCC lays the classes out the same either way). The oracle only reads them.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#define private public
#define protected public
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/tcp-bbr.h"
#include "ns3/tcp-prr-recovery.h"
#include "ns3/traffic-control-module.h"
#undef private
#undef protected
