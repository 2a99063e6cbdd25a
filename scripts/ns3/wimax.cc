// ns-3.37 wimax oracle: one 802.16 cell (a base station BS and n subscriber stations SS1…SSn,
// SimpleOfdmWimaxPhy, best-effort service flows, the simple BS scheduler), UDP + CBR flows
// BS → SSi (downlink) or SSi → BS (uplink), or one bulk TCP flow BS → SS1. Writes one JSON object
// on stdout: per flow the packets and bytes received after `--warmup`, the throughput, and the
// one-way delays (UdpClient's SeqTsHeader) as percentiles. See scripts/ns3/README.md.
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/wimax-module.h"

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace ns3;

namespace
{
struct FlowLog
{
    uint64_t packets = 0;
    uint64_t bytes = 0;
    std::vector<double> delays;
};

std::vector<FlowLog> g_logs;
double g_warmup = 4;
// Traffic starts once every station has registered (ranging, basic capabilities, DSA) with the BS.
double g_start = 3;

void
OnRx(uint32_t flow, Ptr<const Packet> p, const Address&)
{
    double now = Simulator::Now().GetSeconds();
    if (now < g_warmup)
        return;
    FlowLog& log = g_logs[flow];
    log.packets++;
    log.bytes += p->GetSize();
    SeqTsHeader h;
    if (p->GetSize() >= h.GetSerializedSize())
    {
        p->Copy()->PeekHeader(h);
        log.delays.push_back(now - h.GetTs().GetSeconds());
    }
}

double
Percentile(std::vector<double>& v, double q)
{
    if (v.empty())
        return -1;
    std::sort(v.begin(), v.end());
    size_t i = std::min(v.size() - 1, static_cast<size_t>(q * (v.size() - 1) + 0.5));
    return v[i];
}
} // namespace

int
main(int argc, char* argv[])
{
    uint32_t stations = 1;
    std::string dir = "dl";
    std::string proto = "udp";
    double pps = 1000;
    uint32_t size = 1472;
    double stop = 5;
    double frameS = 0.005;
    uint32_t bandwidth = 7000000;
    CommandLine cmd;
    cmd.AddValue("stations", "subscriber stations", stations);
    cmd.AddValue("dir", "dl: BS → SS; ul: SS → BS", dir);
    cmd.AddValue("proto", "udp (CBR per station) or tcp (one bulk flow to SS1)", proto);
    cmd.AddValue("pps", "UDP packets per second per station", pps);
    cmd.AddValue("size", "UDP payload / TCP segment bytes", size);
    cmd.AddValue("stop", "simulation end, s", stop);
    cmd.AddValue("warmup", "count nothing before, s", g_warmup);
    cmd.AddValue("start", "traffic starts, s", g_start);
    cmd.AddValue("frame", "frame duration, s", frameS);
    cmd.AddValue("bandwidth", "channel bandwidth, Hz", bandwidth);
    cmd.Parse(argc, argv);
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(size));

    NodeContainer bsNodes;
    bsNodes.Create(1);
    NodeContainer ssNodes;
    ssNodes.Create(stations);
    WimaxHelper wimax;
    auto sched = WimaxHelper::SCHED_TYPE_SIMPLE;
    NetDeviceContainer ssDevs = wimax.Install(ssNodes,
                                              WimaxHelper::DEVICE_TYPE_SUBSCRIBER_STATION,
                                              WimaxHelper::SIMPLE_PHY_TYPE_OFDM,
                                              sched);
    NetDeviceContainer bsDevs = wimax.Install(bsNodes,
                                              WimaxHelper::DEVICE_TYPE_BASE_STATION,
                                              WimaxHelper::SIMPLE_PHY_TYPE_OFDM,
                                              sched);
    std::vector<Ptr<WimaxNetDevice>> all;
    for (uint32_t i = 0; i < stations; i++)
        all.push_back(DynamicCast<WimaxNetDevice>(ssDevs.Get(i)));
    all.push_back(DynamicCast<WimaxNetDevice>(bsDevs.Get(0)));
    for (auto& d : all)
    {
        Ptr<SimpleOfdmWimaxPhy> phy = DynamicCast<SimpleOfdmWimaxPhy>(d->GetPhy());
        if (bandwidth)
            phy->SetBandwidth(bandwidth);
        if (frameS > 0)
            phy->SetFrameDuration(Seconds(frameS));
    }
    for (uint32_t i = 0; i < stations; i++)
        DynamicCast<SubscriberStationNetDevice>(ssDevs.Get(i))
            ->SetModulationType(WimaxPhy::MODULATION_TYPE_QAM64_34);

    // No mobility model, as ns-3's wimax examples: SimpleOfdmWimaxChannel then applies no path
    // loss, so every burst is received (the stations are "spread in one cell" only as a label).

    InternetStackHelper stack;
    stack.Install(bsNodes);
    stack.Install(ssNodes);
    Ipv4AddressHelper address;
    address.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ssIf = address.Assign(ssDevs);
    Ipv4InterfaceContainer bsIf = address.Assign(bsDevs);

    // One best-effort service flow per direction and station, matching its protocol's packets.
    for (uint32_t i = 0; i < stations; i++)
    {
        Ptr<SubscriberStationNetDevice> ss = DynamicCast<SubscriberStationNetDevice>(ssDevs.Get(i));
        uint8_t protocol = proto == "tcp" ? 6 : 17;
        {
            IpcsClassifierRecord dl(Ipv4Address("0.0.0.0"), Ipv4Mask("0.0.0.0"),
                                    ssIf.GetAddress(i), Ipv4Mask("255.255.255.255"),
                                    0, 65000, 0, 65000, protocol, 1);
            if (dir == "dl")
                ss->AddServiceFlow(wimax.CreateServiceFlow(ServiceFlow::SF_DIRECTION_DOWN,
                                                           ServiceFlow::SF_TYPE_BE, dl));
            IpcsClassifierRecord ul(ssIf.GetAddress(i), Ipv4Mask("255.255.255.255"),
                                    Ipv4Address("0.0.0.0"), Ipv4Mask("0.0.0.0"),
                                    0, 65000, 0, 65000, protocol, 1);
            if (dir == "ul" || proto == "tcp")
                ss->AddServiceFlow(wimax.CreateServiceFlow(ServiceFlow::SF_DIRECTION_UP,
                                                           ServiceFlow::SF_TYPE_BE, ul));
        }
    }

    uint32_t flows = proto == "tcp" ? 1 : stations;
    g_logs.resize(flows);
    for (uint32_t i = 0; i < flows; i++)
    {
        bool up = dir == "ul";
        Ptr<Node> src = up ? ssNodes.Get(i) : bsNodes.Get(0);
        Ptr<Node> dst = up ? bsNodes.Get(0) : ssNodes.Get(i);
        Ipv4Address dstAddr = up ? bsIf.GetAddress(0) : ssIf.GetAddress(i);
        uint16_t port = 1000 + i;
        std::string factory = proto == "tcp" ? "ns3::TcpSocketFactory" : "ns3::UdpSocketFactory";
        PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sink = sinkHelper.Install(dst);
        sink.Start(Seconds(0.1));
        DynamicCast<PacketSink>(sink.Get(0))->TraceConnectWithoutContext("Rx", MakeBoundCallback(&OnRx, i));
        if (proto == "tcp")
        {
            BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(dstAddr, port));
            ApplicationContainer app = bulk.Install(src);
            app.Start(Seconds(g_start));
        }
        else
        {
            UdpClientHelper client(dstAddr, port);
            client.SetAttribute("MaxPackets", UintegerValue(4294967295u));
            client.SetAttribute("Interval", TimeValue(Seconds(1.0 / pps)));
            client.SetAttribute("PacketSize", UintegerValue(size));
            ApplicationContainer app = client.Install(src);
            app.Start(Seconds(g_start + 0.001 * i));
        }
    }

    Ptr<WimaxPhy> phy = DynamicCast<WimaxNetDevice>(bsDevs.Get(0))->GetPhy();
    Simulator::Stop(Seconds(stop));
    Simulator::Run();
    double span = stop - g_warmup;
    std::printf("{\"stations\":%u,\"dir\":\"%s\",\"proto\":\"%s\",\"pps\":%g,\"size\":%u,"
                "\"stop\":%g,\"warmup\":%g,\"frame\":%g,\"bandwidth\":%u,\"symbolS\":%.9g,"
                "\"flows\":[",
                stations, dir.c_str(), proto.c_str(), pps, size, stop, g_warmup, frameS,
                bandwidth, phy->GetSymbolDuration().GetSeconds());
    for (uint32_t i = 0; i < flows; i++)
    {
        FlowLog& f = g_logs[i];
        std::printf("%s{\"packets\":%llu,\"bytes\":%llu,\"bps\":%.6g,\"delay\":"
                    "{\"p10\":%.6g,\"p50\":%.6g,\"p90\":%.6g,\"p99\":%.6g}}",
                    i ? "," : "", (unsigned long long)f.packets, (unsigned long long)f.bytes,
                    8.0 * f.bytes / span, Percentile(f.delays, 0.1), Percentile(f.delays, 0.5),
                    Percentile(f.delays, 0.9), Percentile(f.delays, 0.99));
    }
    std::printf("]}\n");
    Simulator::Destroy();
    return 0;
}
