// The ns-3.37 AQM oracle of ackclock: bulk TCP flows and constant-rate UDP flows S_i → R → K,
// the bottleneck R → K run by one of ns-3's queue discs (CoDelQueueDisc, FqCoDelQueueDisc,
// PieQueueDisc) in front of a one-packet device queue; a JSON fixture on stdout with what the
// queue disc did to every packet (tests/fixtures/ns3-aqm/README.md describes every field).
//
//   S_i ──accessBw, accessDelay── R ──bw, delay, [queue disc → 1-packet device queue]── K
//
// Build and run through scripts/ns3/aqm-regen.mjs; `./aqm-oracle --PrintHelp` lists the
// arguments.
#include "packet-id.h"
#include "table.h"

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
        if (!item.empty())
            out.push_back(item);
    return out;
}

const std::map<std::string, std::string> CC_TYPES = {
    {"cubic", "ns3::TcpCubic"},
    {"newreno", "ns3::TcpNewReno"},
};

struct Args
{
    double bw = 10e6, delay = 0.019, accessBw = 100e6, accessDelay = 0.001, stop = 10;
    uint32_t accessQueue = 1000, seg = 1000, icwnd = 10, limit = 1000, delAck = 1;
    std::string aqm = "codel";
    double target = 0, interval = 0.1, tupdate = 0.015;
    uint32_t fqFlows = 1024, quantum = 0;
    bool ecn = false;
    std::string tcp = "";   // comma-separated senders: newreno, cubic
    std::string udp = "";   // comma-separated CBR flows: rate_bps:payload_bytes
    std::string start = ""; // comma-separated start times, TCP flows first, then UDP
    double sample = 0, binS = 0.1, tputFrom = 0;
    std::string name = "run", query = "", about = "";
};

/** One flow as the queue disc sees it. */
struct Flow
{
    uint32_t index;       // 1-based, TCP flows first
    std::string kind;     // sender name or "udp"
    uint32_t payload;     // bytes per data packet
    uint64_t delivered{0};
    uint64_t deliveredFrom{0};
    uint32_t dataPackets{0}, retransmissions{0}, drops{0}, marks{0}, dequeued{0};
    uint32_t maxSent{0};
    std::set<uint32_t> sentOnce;
    double sojournSum{0}, sojournMax{0};
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
    cmd.AddValue("accessBw", "access links S_i→R rate, bit/s", a.accessBw);
    cmd.AddValue("accessDelay", "access links one-way delay, s", a.accessDelay);
    cmd.AddValue("accessQueue", "access links queue, packets", a.accessQueue);
    cmd.AddValue("aqm", "queue disc at R: codel, fqcodel or pie", a.aqm);
    cmd.AddValue("limit", "the queue disc's MaxSize, packets", a.limit);
    cmd.AddValue("target", "CoDel Target / PIE QueueDelayReference, s (0 = ns-3's default)",
                 a.target);
    cmd.AddValue("interval", "CoDel Interval, s", a.interval);
    cmd.AddValue("tupdate", "PIE Tupdate, s", a.tupdate);
    cmd.AddValue("fqFlows", "FqCoDel Flows", a.fqFlows);
    cmd.AddValue("quantum", "FqCoDel Quantum, bytes (0 = the device MTU)", a.quantum);
    cmd.AddValue("ecn", "ECN: the TCP senders send ECT(0) and the queue disc marks", a.ecn);
    cmd.AddValue("tcp", "bulk TCP flows, comma-separated: newreno, cubic", a.tcp);
    cmd.AddValue("udp", "CBR UDP flows, comma-separated rate_bps:payload_bytes", a.udp);
    cmd.AddValue("start", "start times, s, comma-separated (TCP flows, then UDP)", a.start);
    cmd.AddValue("stop", "end of the run, s", a.stop);
    cmd.AddValue("seg", "TCP segment size (payload bytes)", a.seg);
    cmd.AddValue("icwnd", "initial cwnd, segments", a.icwnd);
    cmd.AddValue("delAck", "segments per ACK (1 = every segment, 2 = delayed ACKs)", a.delAck);
    cmd.AddValue("sample", "keep one dequeue row per this many seconds (0 = every dequeue)",
                 a.sample);
    cmd.AddValue("binS", "queue-length and goodput bin, s", a.binS);
    cmd.AddValue("tputFrom", "goodput is measured from this time to stop, s", a.tputFrom);
    cmd.Parse(argc, argv);

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(a.seg));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(a.icwnd));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(a.delAck));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(64u << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(64u << 20));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(true));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(1)));
    Config::SetDefault("ns3::TcpCubic::HyStart", BooleanValue(false));
    if (a.ecn)
        Config::SetDefault("ns3::TcpSocketBase::UseEcn", EnumValue(TcpSocketState::On));

    auto tcpNames = Split(a.tcp, ',');
    auto udpSpecs = Split(a.udp, ',');
    auto starts = Split(a.start, ',');
    const uint32_t n = tcpNames.size() + udpSpecs.size();
    NS_ABORT_MSG_IF(n == 0, "no flows");

    NodeContainer senders, routerAndSink;
    senders.Create(n);
    routerAndSink.Create(2);
    Ptr<Node> r = routerAndSink.Get(0), k = routerAndSink.Get(1);
    InternetStackHelper stack;
    stack.InstallAll();

    // SimpleNetDevice pairs in point-to-point mode, no link header (a packet's wire size is its
    // IPv4 size). The access links: a drop-tail device queue, no flow control, no queue disc.
    // The bottleneck: flow control on and a device queue of one packet, so the queue disc holds
    // every waiting packet but the one the device has taken next (see the README).
    auto link = [](Ptr<Node> from, Ptr<Node> to, double bps, double delay, uint32_t queue,
                   bool flowControl) {
        SimpleNetDeviceHelper h;
        h.SetNetDevicePointToPointMode(true);
        if (!flowControl)
            h.DisableFlowControl();
        h.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(bps))));
        h.SetChannelAttribute("Delay", TimeValue(Seconds(delay)));
        h.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize",
                   QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queue)));
        return h.Install(NodeContainer(from, to));
    };
    NetDeviceContainer rk = link(r, k, a.bw, a.delay, 1, true);

    TrafficControlHelper tch;
    QueueSizeValue limit(QueueSize(QueueSizeUnit::PACKETS, a.limit));
    if (a.aqm == "codel")
    {
        tch.SetRootQueueDisc("ns3::CoDelQueueDisc", "MaxSize", limit, "UseEcn",
                             BooleanValue(a.ecn), "Interval", TimeValue(Seconds(a.interval)));
        if (a.target > 0)
            Config::SetDefault("ns3::CoDelQueueDisc::Target", TimeValue(Seconds(a.target)));
    }
    else if (a.aqm == "fqcodel")
    {
        tch.SetRootQueueDisc("ns3::FqCoDelQueueDisc", "MaxSize", limit, "UseEcn",
                             BooleanValue(a.ecn), "Flows", UintegerValue(a.fqFlows), "Interval",
                             StringValue(std::to_string(int(a.interval * 1e3 + 0.5)) + "ms"));
        if (a.target > 0)
            Config::SetDefault("ns3::FqCoDelQueueDisc::Target",
                               StringValue(std::to_string(int(a.target * 1e6 + 0.5)) + "us"));
    }
    else if (a.aqm == "pie")
    {
        tch.SetRootQueueDisc("ns3::PieQueueDisc", "MaxSize", limit, "UseEcn", BooleanValue(a.ecn),
                             "Tupdate", TimeValue(Seconds(a.tupdate)));
        if (a.target > 0)
            Config::SetDefault("ns3::PieQueueDisc::QueueDelayReference",
                               TimeValue(Seconds(a.target)));
    }
    else
        NS_ABORT_MSG("unknown aqm " << a.aqm);
    QueueDiscContainer qdc = tch.Install(rk.Get(0));
    Ptr<QueueDisc> qd = qdc.Get(0);
    // FQ-CoDel's quantum has no attribute in ns-3.37; unset, it is the device's MTU, 65535 bytes
    // for a SimpleNetDevice — far from a real link's, so the cases set it.
    if (auto fq = DynamicCast<FqCoDelQueueDisc>(qd); fq && a.quantum > 0)
        fq->SetQuantum(a.quantum);

    Ipv4AddressHelper ip;
    ip.SetBase("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer rkIf = ip.Assign(rk);
    std::vector<NetDeviceContainer> accessDevs;
    for (uint32_t i = 0; i < n; ++i)
    {
        accessDevs.push_back(
            link(senders.Get(i), r, a.accessBw, a.accessDelay, a.accessQueue, false));
        ip.NewNetwork();
        ip.Assign(accessDevs.back());
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    std::vector<Flow> flows;
    std::map<uint16_t, Flow*> byPort; // the sender's port names the flow
    flows.reserve(n);
    auto startOf = [&](uint32_t i) { return i < starts.size() ? std::stod(starts[i]) : 0.0; };
    for (uint32_t i = 0; i < n; ++i)
    {
        bool tcp = i < tcpNames.size();
        std::string kind = tcp ? tcpNames[i] : "udp";
        uint32_t payload = a.seg;
        double rate = 0;
        if (!tcp)
        {
            auto parts = Split(udpSpecs[i - tcpNames.size()], ':');
            NS_ABORT_MSG_IF(parts.size() != 2, "udp flow: rate_bps:payload_bytes");
            rate = std::stod(parts[0]);
            payload = std::stoul(parts[1]);
        }
        flows.push_back(Flow{i + 1, kind, payload});
        Flow* f = &flows.back();
        uint16_t port = 10000 + i, sinkPort = 5000 + i;
        byPort[port] = f;
        Ptr<Node> s = senders.Get(i);
        Address dst = InetSocketAddress(rkIf.GetAddress(1), sinkPort);
        PacketSinkHelper sinkHelper(tcp ? "ns3::TcpSocketFactory" : "ns3::UdpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), sinkPort));
        ApplicationContainer sinkApp = sinkHelper.Install(k);
        sinkApp.Start(Seconds(0));
        double tputFrom = a.tputFrom;
        sinkApp.Get(0)->TraceConnectWithoutContext(
            "Rx", Callback<void, Ptr<const Packet>, const Address&>(
                      [f, tputFrom](Ptr<const Packet> p, const Address&) {
                          f->delivered += p->GetSize();
                          if (Simulator::Now().GetSeconds() >= tputFrom)
                              f->deliveredFrom += p->GetSize();
                      }));
        double t0 = startOf(i);
        if (tcp)
        {
            NS_ABORT_MSG_IF(CC_TYPES.count(kind) == 0, "unknown sender " << kind);
            auto l4 = s->GetObject<TcpL4Protocol>();
            l4->SetAttribute("SocketType", TypeIdValue(TypeId::LookupByName(CC_TYPES.at(kind))));
            Ptr<Socket> sock = Socket::CreateSocket(s, TcpSocketFactory::GetTypeId());
            sock->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
            uint32_t seg = a.seg;
            sock->TraceConnectWithoutContext(
                "Tx",
                Callback<void, Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocketBase>>(
                    [f, seg](Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>) {
                        if (p->GetSize() == 0)
                            return;
                        uint32_t pkt = PacketNumber(h.GetSequenceNumber().GetValue(), seg);
                        ++f->dataPackets;
                        if (!f->sentOnce.insert(pkt).second)
                            ++f->retransmissions;
                        f->maxSent = std::max(f->maxSent, pkt);
                    }));
            auto fill = [](Ptr<Socket> so, uint32_t) {
                while (so->GetTxAvailable() > 0)
                    if (so->Send(Create<Packet>(std::min<uint32_t>(so->GetTxAvailable(), 1u << 16))) <
                        0)
                        break;
            };
            sock->SetSendCallback(Callback<void, Ptr<Socket>, uint32_t>(fill));
            sock->SetConnectCallback(
                Callback<void, Ptr<Socket>>([fill](Ptr<Socket> so) { fill(so, 0); }),
                MakeNullCallback<void, Ptr<Socket>>());
            Simulator::Schedule(Seconds(t0), [sock, dst]() { sock->Connect(dst); });
        }
        else
        {
            // A constant-rate source: one `payload`-byte datagram every payload·8/rate s, the
            // first at the start time (UdpClient's SeqTsHeader rides inside the payload).
            Ptr<Socket> sock = Socket::CreateSocket(s, UdpSocketFactory::GetTypeId());
            sock->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
            sock->Connect(dst);
            Time gap = Seconds(payload * 8.0 / rate);
            double stop = a.stop;
            auto seq = std::make_shared<uint32_t>(0);
            auto send = std::make_shared<std::function<void()>>();
            *send = [sock, gap, payload, seq, send, f, stop]() {
                if (Simulator::Now().GetSeconds() >= stop)
                    return;
                SeqTsHeader h;
                h.SetSeq((*seq)++);
                Ptr<Packet> p = Create<Packet>(payload - h.GetSerializedSize());
                p->AddHeader(h);
                sock->Send(p);
                ++f->dataPackets;
                f->maxSent = *seq;
                Simulator::Schedule(gap, *send);
            };
            Simulator::Schedule(Seconds(t0), [send]() { (*send)(); });
        }
    }

    // Which flow and packet a queue-disc item is: TCP data packet p = (seq − 1) / seg + 1, UDP
    // datagram p = its SeqTsHeader number + 1; ACKs never cross R → K.
    struct Who
    {
        Flow* f{nullptr};
        uint32_t pkt{0};
    };
    uint32_t seg = a.seg;
    auto who = [&](Ptr<const QueueDiscItem> item) {
        Who w;
        auto ipItem = DynamicCast<const Ipv4QueueDiscItem>(item);
        if (!ipItem)
            return w;
        Ptr<Packet> c = item->GetPacket()->Copy();
        uint8_t proto = ipItem->GetHeader().GetProtocol();
        uint16_t port;
        if (proto == 6)
        {
            TcpHeader h;
            c->RemoveHeader(h);
            port = h.GetSourcePort();
            if (c->GetSize() == 0)
                return w;
            w.pkt = PacketNumber(h.GetSequenceNumber().GetValue(), seg);
        }
        else if (proto == 17)
        {
            UdpHeader u;
            c->RemoveHeader(u);
            SeqTsHeader s;
            c->RemoveHeader(s);
            port = u.GetSourcePort();
            w.pkt = s.GetSeq() + 1;
        }
        else
            return w;
        auto it = byPort.find(port);
        if (it != byPort.end())
            w.f = it->second;
        return w;
    };

    // The queue disc's events. Sojourn = dequeue time − enqueue time at the queue disc (ns-3's
    // item time stamp, which every AQM here decides on); drops and marks with ns-3's reason.
    Table dequeues({"t", "flow", "pkt", "sojourn"});
    Table drops({"t", "flow", "pkt", "where", "reason"});
    Table marks({"t", "flow", "pkt", "reason"});
    Table queue({"t", "packets", "bytes"});
    Table codelState({"t", "dropping", "count", "lastCount", "dropNext"});
    Table pieState({"t", "dropProb", "qDelay", "burstAllowance", "accuProb"});
    double lastKept = -1;
    uint32_t maxPackets = 0, otherDrops = 0;
    // A packet leaves the queue disc when the device takes it (the device queue's Enqueue):
    // its sojourn is that time − when it entered the queue disc (ns-3's item time stamp, which
    // the AQMs decide on). ns-3's own Dequeue trace also fires for the packets CoDel takes from
    // its internal queue and then drops, so it is not used.
    // Keyed by flow and packet number (ns-3's TCP segments are fragments of the application's
    // writes and share their packet uid), oldest first.
    std::map<uint64_t, std::deque<Time>> enqueuedAt;
    auto key = [](const Who& w) { return (uint64_t(w.f->index) << 32) | w.pkt; };
    qd->TraceConnectWithoutContext(
        "Enqueue", Callback<void, Ptr<const QueueDiscItem>>([&](Ptr<const QueueDiscItem> item) {
            Who w = who(item);
            if (w.f)
                enqueuedAt[key(w)].push_back(Simulator::Now());
        }));
    Ptr<Queue<Packet>> devQueue = DynamicCast<SimpleNetDevice>(rk.Get(0))->GetQueue();
    devQueue->TraceConnectWithoutContext(
        "Enqueue", Callback<void, Ptr<const Packet>>([&](Ptr<const Packet> pkt) {
            Ptr<Packet> c = pkt->Copy();
            Ipv4Header iph;
            c->RemoveHeader(iph);
            Ptr<Ipv4QueueDiscItem> item = Create<Ipv4QueueDiscItem>(c, Address(), 0x0800, iph);
            Who w = who(item);
            if (!w.f)
                return;
            auto it = enqueuedAt.find(key(w));
            NS_ABORT_MSG_IF(it == enqueuedAt.end() || it->second.empty(), "sent, never queued");
            Time in = it->second.front();
            it->second.pop_front();
            double s = (Simulator::Now() - in).GetSeconds();
            ++w.f->dequeued;
            w.f->sojournSum += s;
            w.f->sojournMax = std::max(w.f->sojournMax, s);
            double t = Simulator::Now().GetSeconds();
            if (a.sample > 0 && t - lastKept < a.sample)
                return;
            lastKept = t;
            dequeues.Add({Sec(Simulator::Now()), std::to_string(w.f->index),
                          std::to_string(w.pkt), Num(s, 9)});
        }));
    auto onDrop = [&](Ptr<const QueueDiscItem> item, const char* reason, const char* where) {
        Who w = who(item);
        if (!w.f)
        {
            ++otherDrops;
            return;
        }
        ++w.f->drops;
        auto& waiting = enqueuedAt[(uint64_t(w.f->index) << 32) | w.pkt];
        if (std::string(where) == "dequeue" && !waiting.empty())
            waiting.pop_front();
        drops.Add({Sec(Simulator::Now()), std::to_string(w.f->index), std::to_string(w.pkt),
                   Quote(where), Quote(reason)});
    };
    qd->TraceConnectWithoutContext(
        "DropBeforeEnqueue",
        Callback<void, Ptr<const QueueDiscItem>, const char*>(
            [&](Ptr<const QueueDiscItem> item, const char* why) { onDrop(item, why, "enqueue"); }));
    qd->TraceConnectWithoutContext(
        "DropAfterDequeue",
        Callback<void, Ptr<const QueueDiscItem>, const char*>(
            [&](Ptr<const QueueDiscItem> item, const char* why) { onDrop(item, why, "dequeue"); }));
    qd->TraceConnectWithoutContext(
        "Mark", Callback<void, Ptr<const QueueDiscItem>, const char*>(
                    [&](Ptr<const QueueDiscItem> item, const char* why) {
                        Who w = who(item);
                        if (!w.f)
                            return;
                        ++w.f->marks;
                        marks.Add({Sec(Simulator::Now()), std::to_string(w.f->index),
                                   std::to_string(w.pkt), Quote(why)});
                    }));
    // The device must never drop: the queue disc is the only place packets are lost.
    uint32_t deviceDrops = 0;
    devQueue->TraceConnectWithoutContext(
        "Drop", Callback<void, Ptr<const Packet>>([&](Ptr<const Packet>) { ++deviceDrops; }));

    if (auto codel = DynamicCast<CoDelQueueDisc>(qd))
    {
        // CoDel's state once per instant at which dropping, count or drop_next changed (a
        // zero-delay event reads it after the dequeue that changed it; ns-3's CoDel time is
        // ns >> 10, units of 1.024 µs, written here in seconds).
        auto pending = std::make_shared<bool>(false);
        auto row = [&, codel, pending]() {
            if (*pending)
                return;
            *pending = true;
            Simulator::ScheduleNow([&, codel, pending]() {
                *pending = false;
                codelState.Add({Sec(Simulator::Now()), codel->m_dropping.Get() ? "1" : "0",
                                std::to_string(codel->m_count.Get()),
                                std::to_string(codel->m_lastCount.Get()),
                                Num(double(uint64_t(codel->m_dropNext.Get()) << 10) * 1e-9, 9)});
            });
        };
        codel->TraceConnectWithoutContext("DropState",
                                          Callback<void, bool, bool>([row](bool, bool) { row(); }));
        codel->TraceConnectWithoutContext(
            "DropNext", Callback<void, uint32_t, uint32_t>([row](uint32_t, uint32_t) { row(); }));
        codel->TraceConnectWithoutContext(
            "Count", Callback<void, uint32_t, uint32_t>([row](uint32_t, uint32_t) { row(); }));
    }
    std::function<void()> piePoll;
    if (auto pie = DynamicCast<PieQueueDisc>(qd))
    {
        // PIE recomputes its drop probability every Tupdate from time 0: read it just after.
        double last = -1;
        piePoll = [&, pie, last]() mutable {
            if (pie->m_dropProb != last)
            {
                last = pie->m_dropProb;
                pieState.Add({Sec(Simulator::Now()), Num(pie->m_dropProb, 9),
                              Num(pie->m_qDelay.GetSeconds(), 9),
                              Num(pie->m_burstAllowance.GetSeconds(), 9),
                              Num(pie->m_accuProb, 9)});
            }
            Simulator::Schedule(Seconds(a.tupdate), piePoll);
        };
        Simulator::Schedule(NanoSeconds(1), piePoll);
    }
    std::function<void()> bin = [&]() {
        queue.Add({Sec(Simulator::Now()), std::to_string(qd->GetNPackets()),
                   std::to_string(qd->GetNBytes())});
        Simulator::Schedule(Seconds(a.binS), bin);
    };
    Simulator::Schedule(Seconds(0), bin);
    qd->TraceConnectWithoutContext("PacketsInQueue",
                                   Callback<void, uint32_t, uint32_t>([&](uint32_t, uint32_t v) {
                                       maxPackets = std::max(maxPackets, v);
                                   }));

    Simulator::Stop(Seconds(a.stop));
    Simulator::Run();

    // The JSON fixture.
    auto stats = qd->GetStats();
    std::ostream& o = std::cout;
    o << "{\"name\":" << Quote(a.name) << ",\n\"about\":" << Quote(a.about)
      << ",\n\"ackclock\":" << Quote(a.query) << ",\n\"generator\":\"ns-3.37\",\n";
    o << "\"params\":{\"aqm\":" << Quote(a.aqm) << ",\"bw\":" << Num(a.bw, 0)
      << ",\"delay\":" << Num(a.delay, 6) << ",\"accessBw\":" << Num(a.accessBw, 0)
      << ",\"accessDelay\":" << Num(a.accessDelay, 6) << ",\"accessQueue\":" << a.accessQueue
      << ",\"limit\":" << a.limit << ",\"target\":" << Num(a.target, 6)
      << ",\"interval\":" << Num(a.interval, 6) << ",\"tupdate\":" << Num(a.tupdate, 6)
      << ",\"fqFlows\":" << a.fqFlows << ",\"quantum\":" << a.quantum << ",\"ecn\":" << a.ecn
      << ",\"tcp\":" << Quote(a.tcp) << ",\"udp\":" << Quote(a.udp)
      << ",\"start\":" << Quote(a.start) << ",\"stop\":" << Num(a.stop, 6)
      << ",\"segmentBytes\":" << a.seg << ",\"icwnd\":" << a.icwnd
      << ",\"sample\":" << Num(a.sample, 6) << ",\"binS\":" << Num(a.binS, 6)
      << ",\"tputFrom\":" << Num(a.tputFrom, 6) << "},\n";
    double span = a.stop - a.tputFrom, total = 0;
    o << "\"flows\":[";
    for (auto& f : flows)
    {
        total += f.deliveredFrom * double(f.payload + (f.kind == "udp" ? 28 : 40)) / f.payload;
        o << (f.index > 1 ? ",\n" : "\n") << "{\"flow\":" << f.index
          << ",\"sender\":" << Quote(f.kind) << ",\"payloadBytes\":" << f.payload
          << ",\"dataPackets\":" << f.dataPackets << ",\"retransmissions\":" << f.retransmissions
          << ",\"highestPacket\":" << f.maxSent << ",\"deliveredBytes\":" << f.delivered
          << ",\"goodputBps\":" << Num(f.deliveredFrom * 8.0 / span, 0)
          << ",\"dequeued\":" << f.dequeued << ",\"drops\":" << f.drops
          << ",\"marks\":" << f.marks
          << ",\"meanSojournS\":" << Num(f.dequeued ? f.sojournSum / f.dequeued : 0, 9)
          << ",\"maxSojournS\":" << Num(f.sojournMax, 9) << "}";
    }
    o << "],\n\"bottleneck\":{\"maxPackets\":" << maxPackets
      << ",\"utilisation\":" << Num(total * 8.0 / span / a.bw, 4)
      << ",\"dropped\":" << stats.nTotalDroppedPackets
      << ",\"marked\":" << stats.nTotalMarkedPackets << ",\"otherDrops\":" << otherDrops
      << ",\"deviceDrops\":" << deviceDrops << ",\n\"dequeues\":" << dequeues.Json("")
      << ",\n\"drops\":" << drops.Json("") << ",\n\"marks\":" << marks.Json("")
      << ",\n\"queue\":" << queue.Json("");
    if (DynamicCast<CoDelQueueDisc>(qd))
        o << ",\n\"codel\":" << codelState.Json("");
    if (DynamicCast<PieQueueDisc>(qd))
        o << ",\n\"pie\":" << pieState.Json("");
    o << "}}\n";
    Simulator::Destroy();
    return 0;
}
