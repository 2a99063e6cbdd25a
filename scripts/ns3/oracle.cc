// The ns-3.37 oracle of ackclock: one or more bulk TCP flows S_i → R → K over point-to-point
// links (SimpleNetDevice), the bottleneck R → K a single drop-tail FIFO (no queue disc), scripted drops in front
// of it, and a JSON fixture on stdout (tests/fixtures/ns3/README.md describes every field).
//
//   S_i ──accessBw, accessDelay── R ──bw, delay, queue── K
//
// Build and run through scripts/ns3/regen.mjs; `./oracle --PrintHelp` lists the arguments.
#include "flow-log.h"
#include "scripted-drops.h"

using namespace ns3;
using namespace oracle;

namespace
{

std::vector<std::string>
Split(const std::string& s, char sep)
{
    std::vector<std::string> out;
    std::string item;
    std::stringstream ss(s);
    while (std::getline(ss, item, sep))
        out.push_back(item);
    if (!s.empty() && s.back() == sep)
        out.emplace_back();
    if (s.empty())
        out.emplace_back();
    return out;
}

/** Flow i's entry of a per-flow list: the i-th item, or the single item for every flow. */
std::string
PerFlow(const std::vector<std::string>& list, size_t i)
{
    return list.size() == 1 ? list[0] : (i < list.size() ? list[i] : "");
}

const std::map<std::string, std::string> CC_TYPES = {
    {"bbr", "ns3::OracleBbr"},
    {"cubic", "ns3::TcpCubic"},
    {"newreno", "ns3::TcpNewReno"},
    {"linuxreno", "ns3::TcpLinuxReno"},
};

struct Args
{
    double bw = 10e6, delay = 0.04, accessBw = 100e6, accessDelay = 0.001, stop = 25;
    uint32_t queue = 100, accessQueue = 1000, seg = 1000, icwnd = 10, window = 0, delack = 1;
    bool sack = true, timestamps = false, limitedTransmit = false, hystart = false;
    bool exactLoss = true;
    double minRto = 1.0, sample = 0, tputFrom = 0, binS = 1;
    std::string flows = "bbr", recovery = "classic", prrBound = "SSRB", drops = "", start = "0";
    std::string name = "run", query = "", about = "";
    uint32_t rngRun = 1;
};

} // namespace

int
main(int argc, char* argv[])
{
    Args a;
    CommandLine cmd;
    cmd.AddValue("name", "fixture name", a.name);
    cmd.AddValue("query", "the ackclock query of the same path", a.query);
    cmd.AddValue("about", "one line on what the run shows", a.about);
    cmd.AddValue("bw", "bottleneck R→K rate, bit/s", a.bw);
    cmd.AddValue("delay", "bottleneck one-way delay, s", a.delay);
    cmd.AddValue("queue", "bottleneck drop-tail limit, packets, counting the one in transmission",
                 a.queue);
    cmd.AddValue("accessBw", "access links S_i→R rate, bit/s", a.accessBw);
    cmd.AddValue("accessDelay", "access links one-way delay, s", a.accessDelay);
    cmd.AddValue("accessQueue", "access links queue, packets", a.accessQueue);
    cmd.AddValue("flows", "senders, comma-separated: bbr, cubic, newreno, linuxreno", a.flows);
    cmd.AddValue("recovery", "prr or classic (one for all, or comma-separated per flow)",
                 a.recovery);
    cmd.AddValue("prrBound", "TcpPrrRecovery::ReductionBound: SSRB or CRB", a.prrBound);
    cmd.AddValue("drops", "scripted drops per flow, '/'-separated lists of p or p:k", a.drops);
    cmd.AddValue("start", "start time(s), s (one for all, or comma-separated)", a.start);
    cmd.AddValue("stop", "end of the run, s", a.stop);
    cmd.AddValue("seg", "TCP segment size (payload bytes)", a.seg);
    cmd.AddValue("icwnd", "initial cwnd, segments", a.icwnd);
    cmd.AddValue("window", "sender window (send buffer), packets; 0 = unlimited", a.window);
    cmd.AddValue("delack", "TcpSocket::DelAckCount", a.delack);
    cmd.AddValue("sack", "SACK on", a.sack);
    cmd.AddValue("timestamps", "TCP timestamps on", a.timestamps);
    cmd.AddValue("limitedTransmit", "RFC 3042 limited transmit", a.limitedTransmit);
    cmd.AddValue("minRto", "minimum RTO, s", a.minRto);
    cmd.AddValue("hystart", "TcpCubic::HyStart", a.hystart);
    cmd.AddValue("sample", "sampling interval of the long series, s (0 = every event)", a.sample);
    cmd.AddValue("exactLoss", "with sample > 0, still record every send and ACK outside OPEN",
                 a.exactLoss);
    cmd.AddValue("tputFrom", "throughput is measured from this time to stop, s", a.tputFrom);
    cmd.AddValue("binS", "goodput bin, s", a.binS);
    cmd.AddValue("rngRun", "ns-3 RngRun (BBR's random PROBE_BW phase)", a.rngRun);
    cmd.Parse(argc, argv);

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(a.rngRun);
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(a.seg));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(a.icwnd));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(a.delack));
    Config::SetDefault("ns3::TcpSocket::SndBufSize",
                       UintegerValue(a.window ? a.window * a.seg : 64u << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(64u << 20));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(a.sack));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(a.timestamps));
    Config::SetDefault("ns3::TcpSocketBase::LimitedTransmit", BooleanValue(a.limitedTransmit));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(a.minRto)));
    Config::SetDefault("ns3::TcpPrrRecovery::ReductionBound", StringValue(a.prrBound));
    Config::SetDefault("ns3::TcpCubic::HyStart", BooleanValue(a.hystart));

    auto flowNames = Split(a.flows, ',');
    auto recoveries = Split(a.recovery, ',');
    auto dropLists = Split(a.drops, '/');
    auto starts = Split(a.start, ',');
    const uint32_t n = flowNames.size();

    NodeContainer senders, routerAndSink;
    senders.Create(n);
    routerAndSink.Create(2);
    Ptr<Node> r = routerAndSink.Get(0), k = routerAndSink.Get(1);
    InternetStackHelper stack;
    stack.InstallAll();

    // Links are SimpleNetDevice pairs in point-to-point mode: a DataRate, a channel Delay, a
    // DropTailQueue and no link-layer header, so a packet's wire size is its IPv4 size (a data
    // packet seg + 40 bytes, a pure ACK 40) like ackclock's. The device sends one packet while its
    // queue holds the waiting ones, so an ackclock queue of N packets (N − 1 waiting + 1 in
    // transmission) is MaxSize N − 1. No flow control and no queue disc: the device queue is the
    // only queue and drops what does not fit (drop-tail).
    auto link = [](Ptr<Node> from, Ptr<Node> to, double bps, double delay, uint32_t queue) {
        SimpleNetDeviceHelper h;
        h.SetNetDevicePointToPointMode(true);
        h.DisableFlowControl();
        h.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(bps))));
        h.SetChannelAttribute("Delay", TimeValue(Seconds(delay)));
        h.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize",
                   QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queue - 1)));
        return h.Install(NodeContainer(from, to));
    };
    NetDeviceContainer rk = link(r, k, a.bw, a.delay, a.queue);

    Ipv4AddressHelper ip;
    ip.SetBase("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer rkIf = ip.Assign(rk);
    std::vector<NetDeviceContainer> accessDevs;
    for (uint32_t i = 0; i < n; ++i)
    {
        accessDevs.push_back(link(senders.Get(i), r, a.accessBw, a.accessDelay, a.accessQueue));
        ip.NewNetwork();
        ip.Assign(accessDevs.back());
    }
    // Without flow control, Ipv4AddressHelper installs no queue disc; make sure of it.
    for (uint32_t i = 0; i < NodeList::GetNNodes(); ++i)
    {
        Ptr<Node> node = NodeList::GetNode(i);
        for (uint32_t d = 0; d < node->GetNDevices(); ++d)
            NS_ABORT_MSG_IF(node->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(
                                node->GetDevice(d)),
                            "a queue disc is installed");
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    std::vector<std::unique_ptr<FlowLog>> logs;
    std::map<uint16_t, FlowLog*> byPort;
    for (uint32_t i = 0; i < n; ++i)
    {
        std::string cc = flowNames[i], rec = PerFlow(recoveries, i);
        NS_ABORT_MSG_IF(CC_TYPES.count(cc) == 0, "unknown sender " << cc);
        NS_ABORT_MSG_IF(rec != "prr" && rec != "classic", "unknown recovery " << rec);
        logs.push_back(std::make_unique<FlowLog>(i, cc, rec, a.seg, a.sample, a.exactLoss));
        FlowLog* log = logs.back().get();
        Ptr<Node> s = senders.Get(i);
        auto tcp = s->GetObject<TcpL4Protocol>();
        tcp->SetAttribute("SocketType", TypeIdValue(TypeId::LookupByName(CC_TYPES.at(cc))));
        tcp->SetAttribute("RecoveryType", TypeIdValue(TypeId::LookupByName(
                                              rec == "prr" ? "ns3::OraclePrr"
                                                           : "ns3::TcpClassicRecovery")));
        Ptr<Socket> sock = Socket::CreateSocket(s, TcpSocketFactory::GetTypeId());
        log->sock = DynamicCast<TcpSocketBase>(sock);
        uint16_t port = 10000 + i;
        sock->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
        byPort[port] = log;

        if (auto bbr = DynamicCast<BbrProbe>(log->sock->m_congestionControl))
            bbr->onAck = [log](Ptr<TcpSocketState> tcb, const BbrSnapshot& x) { log->OnBbr(tcb, x); };
        if (auto prr = DynamicCast<PrrProbe>(log->sock->m_recoveryOps))
            prr->onStep = [log](const PrrStep& x) { log->OnPrr(x); };
        sock->TraceConnectWithoutContext(
            "Tx",
            Callback<void, Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocketBase>>(
                [log](Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>) {
                    log->OnTx(p, h);
                }));
        sock->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocketBase>>(
                [log](Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>) {
                    log->OnRx(p, h);
                }));
        sock->TraceConnectWithoutContext(
            "CongState",
            Callback<void, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t>(
                [log](TcpSocketState::TcpCongState_t from, TcpSocketState::TcpCongState_t to) {
                    log->OnCongState(from, to);
                }));

        // Scripted drops on R's device that receives S_i's link.
        auto drops = ParseDrops(PerFlow(dropLists, i));
        auto em = CreateObject<ScriptedDrops>(drops, a.seg, [log](uint32_t p, uint32_t tx) {
            log->scripted.Add({Sec(Simulator::Now()), std::to_string(p), std::to_string(tx)});
        });
        accessDevs[i].Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(em));

        // The receiver: a PacketSink per flow on K; goodput in bins of binS.
        uint16_t sinkPort = 5000 + i;
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), sinkPort));
        ApplicationContainer sinkApp = sinkHelper.Install(k);
        sinkApp.Start(Seconds(0));
        double tputFrom = a.tputFrom;
        sinkApp.Get(0)->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, const Address&>(
                [log, tputFrom](Ptr<const Packet> p, const Address&) {
                    log->deliveredBytes += p->GetSize();
                    if (Simulator::Now().GetSeconds() >= tputFrom)
                        log->deliveredFrom += p->GetSize();
                }));

        // The bulk source: connect at start, keep the send buffer full.
        double t0 = std::stod(PerFlow(starts, i));
        auto fill = [](Ptr<Socket> so, uint32_t) {
            while (so->GetTxAvailable() > 0)
                if (so->Send(Create<Packet>(std::min<uint32_t>(so->GetTxAvailable(), 1u << 16))) < 0)
                    break;
        };
        sock->SetSendCallback(Callback<void, Ptr<Socket>, uint32_t>(fill));
        sock->SetConnectCallback(
            Callback<void, Ptr<Socket>>([fill](Ptr<Socket> so) { fill(so, 0); }),
            MakeNullCallback<void, Ptr<Socket>>());
        Address dst = InetSocketAddress(rkIf.GetAddress(1), sinkPort);
        Simulator::Schedule(Seconds(t0), [sock, dst]() { sock->Connect(dst); });
    }

    // The bottleneck queue (packets waiting, not counting the one in transmission) and its
    // overflow drops.
    Ptr<Queue<Packet>> q = DynamicCast<SimpleNetDevice>(rk.Get(0))->GetQueue();
    NS_ABORT_MSG_IF(!q, "no bottleneck queue");
    Table queue({"t", "waiting"});
    Table overflow({"t", "flow", "seq", "retx"});
    uint32_t maxWaiting = 0;
    q->TraceConnectWithoutContext(
        "PacketsInQueue", Callback<void, uint32_t, uint32_t>(
                              [&](uint32_t, uint32_t now) {
                                  maxWaiting = std::max(maxWaiting, now);
                                  if (a.sample > 0)
                                      return;
                                  queue.Add({Sec(Simulator::Now()), std::to_string(now)});
                              }));
    std::function<void()> tick = [&]() {
        queue.Add({Sec(Simulator::Now()), std::to_string(q->GetNPackets())});
        Simulator::Schedule(Seconds(a.sample), tick);
    };
    if (a.sample > 0)
        Simulator::Schedule(Seconds(0), tick);
    // Overflow: the device queue drops what does not fit. R's traffic-control layer would drop
    // instead (TcDrop) if the device had flow control; hooked too, so no drop goes unseen.
    uint32_t otherDrops = 0;
    auto onOverflow = [&](Ptr<const Packet> p, Outer outer) {
        PacketId id = Identify(p, outer);
        auto it = byPort.find(id.srcPort);
        if (!id.data || it == byPort.end())
        {
            ++otherDrops;
            return;
        }
        FlowLog* log = it->second;
        ++log->overflowDrops;
        uint32_t pkt = PacketNumber(id.seq, a.seg);
        overflow.Add({Sec(Simulator::Now()), std::to_string(log->index + 1), std::to_string(pkt),
                      log->txCount[pkt] > 1 ? "1" : "0"});
    };
    q->TraceConnectWithoutContext("Drop", Callback<void, Ptr<const Packet>>([&](Ptr<const Packet> p) {
                                      onOverflow(p, Outer::Ipv4);
                                  }));
    r->GetObject<TrafficControlLayer>()->TraceConnectWithoutContext(
        "TcDrop",
        Callback<void, Ptr<const Packet>>([&](Ptr<const Packet> p) { onOverflow(p, Outer::Ipv4); }));
    // Goodput bins.
    std::function<void()> bin = [&]() {
        for (auto& l : logs)
            l->goodput.Add({Sec(Simulator::Now()), std::to_string(l->deliveredBytes)});
        Simulator::Schedule(Seconds(a.binS), bin);
    };
    Simulator::Schedule(Seconds(a.binS), bin);

    Simulator::Stop(Seconds(a.stop));
    Simulator::Run();

    // The JSON fixture.
    std::ostream& o = std::cout;
    o << "{\"name\":" << Quote(a.name) << ",\n\"about\":" << Quote(a.about)
      << ",\n\"ackclock\":" << Quote(a.query) << ",\n\"generator\":\"ns-3.37\",\n";
    o << "\"params\":{\"bw\":" << Num(a.bw, 0) << ",\"delay\":" << Num(a.delay, 6)
      << ",\"queue\":" << a.queue << ",\"accessBw\":" << Num(a.accessBw, 0)
      << ",\"accessDelay\":" << Num(a.accessDelay, 6) << ",\"accessQueue\":" << a.accessQueue
      << ",\"flows\":" << Quote(a.flows) << ",\"recovery\":" << Quote(a.recovery)
      << ",\"prrBound\":" << Quote(a.prrBound) << ",\"drops\":" << Quote(a.drops)
      << ",\"start\":" << Quote(a.start) << ",\"stop\":" << Num(a.stop, 6)
      << ",\"segmentBytes\":" << a.seg << ",\"wireBytes\":" << a.seg + 40
      << ",\"icwnd\":" << a.icwnd << ",\"window\":" << a.window << ",\"delack\":" << a.delack
      << ",\"sack\":" << a.sack << ",\"timestamps\":" << a.timestamps
      << ",\"limitedTransmit\":" << a.limitedTransmit << ",\"minRto\":" << Num(a.minRto, 6) << ",\"hystart\":" << a.hystart
      << ",\"sample\":" << Num(a.sample, 6) << ",\"exactLoss\":" << a.exactLoss << ",\"tputFrom\":" << Num(a.tputFrom, 6)
      << ",\"binS\":" << Num(a.binS, 6) << ",\"rngRun\":" << a.rngRun << "},\n";
    double span = a.stop - a.tputFrom;
    double total = 0;
    o << "\"flows\":[";
    for (auto& l : logs)
    {
        total += l->deliveredFrom;
        o << (l->index ? ",\n" : "\n") << "{\"flow\":" << l->index + 1
          << ",\"sender\":" << Quote(l->cc) << ",\"recovery\":" << Quote(l->recovery)
          << ",\n\"summary\":{\"firstDataS\":" << Num(l->firstDataS, 9)
          << ",\"dataPackets\":" << l->dataPackets << ",\"retransmissions\":" << l->retransmissions
          << ",\"highestSeq\":" << PacketNumber(l->maxSentEnd - 1, a.seg)
          << ",\"deliveredBytes\":" << l->deliveredBytes
          << ",\"goodputBps\":" << Num(l->deliveredFrom * 8.0 / span, 0)
          << ",\"recoveries\":" << l->recoveries << ",\"timeouts\":" << l->timeouts
          << ",\"overflowDrops\":" << l->overflowDrops
          << ",\"scriptedDrops\":" << l->scripted.rows.size() << "},\n";
        o << "\"scripted\":" << l->scripted.Json("") << ",\n\"sent\":" << l->sent.Json("")
          << ",\n\"acks\":" << l->acks.Json("") << ",\n\"goodput\":" << l->goodput.Json("");
        if (l->recovery == "prr")
            o << ",\n\"prr\":" << l->prr.Json("");
        if (l->cc == "bbr")
            o << ",\n\"bbr\":" << l->bbr.Json("") << ",\n\"rate\":" << l->rate.Json("");
        o << "}";
    }
    o << "],\n\"bottleneck\":{\"maxWaiting\":" << maxWaiting << ",\"otherDrops\":" << otherDrops
      << ",\"utilisation\":" << Num(total * 8.0 / span / a.bw, 4)
      << ",\n\"queue\":" << queue.Json("") << ",\n\"overflow\":" << overflow.Json("") << "}}\n";
    Simulator::Destroy();
    return 0;
}
