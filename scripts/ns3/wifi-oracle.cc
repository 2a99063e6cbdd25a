// The ns-3.37 oracle of the 802.11 cell (tests/fixtures/ns3-wifi/): n stations in one ad hoc
// 802.11b or 802.11g cell, all in range of each other with a fixed received power (no
// propagation loss, so only collisions lose frames), each sending saturated UDP (or one bulk
// TCP flow) to station 0, the "AP" of the engine's cell. Constant rate manager: 802.11b DSSS
// 11 Mb/s, or 802.11g ERP-OFDM 54 Mb/s; basic access or RTS/CTS for every frame. ARP caches are
// filled before the start, so no ARP frames contend.
//
// Writes one JSON fixture on stdout: the saturation throughput over [warmup, stop], per-station
// received packets, MAC failure counts (RTS / data attempts failed, frames dropped at the retry
// limit), PHY transmissions per station, and the distribution of the per-packet MAC service
// time (the time between two consecutive receptions of one station's frames at station 0).
//
// Build (regen-wifi.mjs does it): g++ -O1 -std=c++17 wifi-oracle.cc -lns3-core -lns3-network
//   -lns3-internet -lns3-applications -lns3-wifi -lns3-mobility -lns3-propagation
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/mobility-module.h"
#include "ns3/network-module.h"
#include "ns3/neighbor-cache-helper.h"
#include "ns3/wifi-module.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <vector>

using namespace ns3;

namespace
{
double g_warmup = 1.0;
std::map<uint32_t, std::vector<double>> g_rxTimes; // station index → rx times at station 0
std::map<uint32_t, uint64_t> g_rxBytes;
std::map<std::string, uint64_t> g_counts;
std::map<uint32_t, uint64_t> g_phyTx; // node → PHY transmissions of data frames (or RTS)

void
Count(std::string key, Mac48Address)
{
    if (Simulator::Now().GetSeconds() >= g_warmup)
        g_counts[key]++;
}

uint32_t
NodeOfContext(const std::string& ctx)
{
    auto a = ctx.find("/NodeList/") + 10;
    return std::stoul(ctx.substr(a, ctx.find('/', a) - a));
}

void
CountByContext(std::string key, std::string ctx, Mac48Address a)
{
    Count(key, a);
}

void
PhyTxBegin(std::string ctx, Ptr<const Packet> p, double)
{
    if (Simulator::Now().GetSeconds() < g_warmup)
        return;
    WifiMacHeader h;
    Ptr<Packet> c = p->Copy();
    if (c->PeekHeader(h) && (h.IsData() || h.IsRts()))
        g_phyTx[NodeOfContext(ctx)]++;
}

void
SinkRx(uint32_t sta, Ptr<const Packet> p, const Address&)
{
    double t = Simulator::Now().GetSeconds();
    if (t < g_warmup)
        return;
    g_rxTimes[sta].push_back(t);
    g_rxBytes[sta] += p->GetSize();
}

double
Quantile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    double pos = q * (v.size() - 1);
    size_t i = static_cast<size_t>(std::floor(pos));
    double f = pos - i;
    return i + 1 < v.size() ? v[i] * (1 - f) + v[i + 1] * f : v[i];
}
} // namespace

int
main(int argc, char** argv)
{
    std::string name = "wifi";
    std::string about = "";
    std::string query = "";
    std::string standard = "b";
    std::string transport = "udp";
    uint32_t n = 1;
    uint32_t payload = 1000;
    bool rts = false;
    double stop = 11.0;
    uint32_t rngRun = 1;
    uint32_t intervalUs = 0;

    CommandLine cmd;
    cmd.AddValue("name", "fixture name", name);
    cmd.AddValue("about", "what the run shows", about);
    cmd.AddValue("query", "the ackclock query of the same cell", query);
    cmd.AddValue("standard", "b (802.11b DSSS 11 Mb/s) or g (802.11g ERP-OFDM 54 Mb/s)", standard);
    cmd.AddValue("transport", "udp (saturated) or tcp (one bulk flow per station)", transport);
    cmd.AddValue("n", "stations sending to station 0", n);
    cmd.AddValue("payload", "UDP payload / TCP segment bytes", payload);
    cmd.AddValue("rts", "RTS/CTS before every data frame", rts);
    cmd.AddValue("stop", "simulation end, s", stop);
    cmd.AddValue("warmup", "measurements start, s", g_warmup);
    cmd.AddValue("rngRun", "ns-3 RngRun", rngRun);
    cmd.AddValue("interval",
                 "UDP send interval per station, us (0: 400 on 802.11b, 100 on 802.11g)",
                 intervalUs);
    cmd.Parse(argc, argv);

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(rngRun);
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(payload));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 20));

    NodeContainer nodes;
    nodes.Create(n + 1);

    YansWifiChannelHelper channel;
    channel.SetPropagationDelay("ns3::ConstantSpeedPropagationDelayModel");
    channel.AddPropagationLoss("ns3::FixedRssLossModel", "Rss", DoubleValue(-50));
    YansWifiPhyHelper phy;
    phy.SetChannel(channel.Create());

    WifiHelper wifi;
    const bool b = standard == "b";
    wifi.SetStandard(b ? WIFI_STANDARD_80211b : WIFI_STANDARD_80211g);
    wifi.SetRemoteStationManager("ns3::ConstantRateWifiManager",
                                 "DataMode",
                                 StringValue(b ? "DsssRate11Mbps" : "ErpOfdmRate54Mbps"),
                                 "ControlMode",
                                 StringValue(b ? "DsssRate1Mbps" : "ErpOfdmRate6Mbps"),
                                 "RtsCtsThreshold",
                                 UintegerValue(rts ? 0 : 65535));
    WifiMacHelper mac;
    mac.SetType("ns3::AdhocWifiMac");
    NetDeviceContainer devs = wifi.Install(phy, mac, nodes);

    // Everyone within 1 m of station 0 (propagation delay ≈ 3 ns).
    MobilityHelper mobility;
    Ptr<ListPositionAllocator> pos = CreateObject<ListPositionAllocator>();
    for (uint32_t i = 0; i <= n; i++)
    {
        double a = 2 * M_PI * i / (n + 1);
        pos->Add(i == 0 ? Vector(0, 0, 0) : Vector(std::cos(a), std::sin(a), 0));
    }
    mobility.SetPositionAllocator(pos);
    mobility.SetMobilityModel("ns3::ConstantPositionMobilityModel");
    mobility.Install(nodes);

    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper addr;
    addr.SetBase("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs = addr.Assign(devs);
    NeighborCacheHelper neighbors;
    neighbors.PopulateNeighborCache();

    for (uint32_t s = 1; s <= n; s++)
    {
        uint16_t port = 9000 + s;
        PacketSinkHelper sink(transport == "tcp" ? "ns3::TcpSocketFactory"
                                                 : "ns3::UdpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sa = sink.Install(nodes.Get(0));
        sa.Start(Seconds(0));
        sa.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&SinkRx, s));
        ApplicationContainer ca;
        if (transport == "tcp")
        {
            BulkSendHelper bulk("ns3::TcpSocketFactory",
                                InetSocketAddress(ifs.GetAddress(0), port));
            bulk.SetAttribute("SendSize", UintegerValue(payload));
            ca = bulk.Install(nodes.Get(s));
        }
        else
        {
            // Far above a saturated share: the interface queue stays full.
            UdpClientHelper client(ifs.GetAddress(0), port);
            client.SetAttribute("MaxPackets", UintegerValue(4294967295u));
            client.SetAttribute("Interval",
                                TimeValue(MicroSeconds(intervalUs ? intervalUs : b ? 400 : 100)));
            client.SetAttribute("PacketSize", UintegerValue(payload));
            ca = client.Install(nodes.Get(s));
        }
        ca.Start(Seconds(0.1 + 0.001 * s));
        ca.Stop(Seconds(stop));
    }

    const std::string mgr = "/NodeList/*/DeviceList/*/$ns3::WifiNetDevice/RemoteStationManager/";
    for (std::string k : {"MacTxRtsFailed", "MacTxDataFailed", "MacTxFinalRtsFailed",
                          "MacTxFinalDataFailed"})
        Config::Connect(mgr + k, MakeBoundCallback(&CountByContext, k));
    Config::Connect("/NodeList/*/DeviceList/*/$ns3::WifiNetDevice/Phy/PhyTxBegin",
                    MakeCallback(&PhyTxBegin));

    Ptr<WifiNetDevice> dev0 = DynamicCast<WifiNetDevice>(devs.Get(1));
    Ptr<WifiPhy> phy0 = dev0->GetPhy();
    Ptr<Txop> txop = dev0->GetMac()->GetTxop();

    Simulator::Stop(Seconds(stop));
    Simulator::Run();

    const double span = stop - g_warmup;
    uint64_t total = 0;
    std::vector<double> service;
    std::ostringstream st;
    for (uint32_t s = 1; s <= n; s++)
    {
        total += g_rxBytes[s];
        auto& v = g_rxTimes[s];
        for (size_t i = 1; i < v.size(); i++)
            service.push_back(v[i] - v[i - 1]);
        st << (s > 1 ? "," : "") << "{\"rxPackets\":" << v.size() << ",\"rxBytes\":" << g_rxBytes[s]
           << ",\"phyTx\":" << g_phyTx[s] << "}";
    }
    double mean = 0;
    for (double x : service)
        mean += x;
    mean = service.empty() ? 0 : mean / service.size();

    std::cout << std::setprecision(9);
    std::cout << "{\n  \"name\": \"" << name << "\",\n  \"about\": \"" << about
              << "\",\n  \"query\": \"" << query << "\",\n  \"oracle\": \"ns-3.37\",\n"
              << "  \"args\": {\"standard\": \"" << standard << "\", \"transport\": \"" << transport
              << "\", \"n\": " << n << ", \"payload\": " << payload
              << ", \"rts\": " << (rts ? "true" : "false") << ", \"warmup\": " << g_warmup
              << ", \"stop\": " << stop << ", \"rngRun\": " << rngRun;
    if (intervalUs)
        std::cout << ", \"interval\": " << intervalUs;
    std::cout << "},\n"
              << "  \"phy\": {\"slotUs\": " << phy0->GetSlot().GetMicroSeconds()
              << ", \"sifsUs\": " << phy0->GetSifs().GetMicroSeconds()
              << ", \"ackTxTimeUs\": " << phy0->GetAckTxTime().GetMicroSeconds()
              << ", \"cwMin\": " << txop->GetMinCw() << ", \"cwMax\": " << txop->GetMaxCw()
              << "},\n"
              << "  \"throughputBps\": " << 8.0 * total / span << ",\n"
              << "  \"stations\": [" << st.str() << "],\n"
              << "  \"mac\": {\"rtsFailed\": " << g_counts["MacTxRtsFailed"]
              << ", \"dataFailed\": " << g_counts["MacTxDataFailed"]
              << ", \"finalRtsFailed\": " << g_counts["MacTxFinalRtsFailed"]
              << ", \"finalDataFailed\": " << g_counts["MacTxFinalDataFailed"] << "},\n"
              << "  \"serviceTimeS\": {\"count\": " << service.size() << ", \"mean\": " << mean
              << ", \"p10\": " << Quantile(service, 0.1) << ", \"p50\": " << Quantile(service, 0.5)
              << ", \"p90\": " << Quantile(service, 0.9) << ", \"p99\": " << Quantile(service, 0.99)
              << "}\n}\n";
    Simulator::Destroy();
    return 0;
}
