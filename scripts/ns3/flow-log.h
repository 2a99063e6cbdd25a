// FlowLog: what the oracle records of one sender — every data segment it sends, every ACK it
// receives (state after ns-3 has processed it), PRR's steps, BBR's mode changes and its rate
// samples — and the per-flow counters of the summary.
#pragma once

#include "packet-id.h"
#include "probes.h"
#include "table.h"

namespace oracle
{

inline const char*
CongStateName(uint32_t s)
{
    static const char* names[] = {"open", "disorder", "cwr", "recovery", "loss"};
    return s < 5 ? names[s] : "?";
}

inline const char*
BbrModeName(uint32_t m)
{
    static const char* names[] = {"STARTUP", "DRAIN", "PROBE_BW", "PROBE_RTT"};
    return m < 4 ? names[m] : "?";
}

struct FlowLog
{
    uint32_t index;          // 0-based
    std::string cc;          // bbr, cubic, newreno, linuxreno
    std::string recovery;    // prr, classic
    uint32_t seg;            // segment size, bytes
    double sampleS;          // 0: every ACK / send; else the first of each bucket, and
    bool exactLoss;          // (when true) every one outside ns-3's OPEN state
    ns3::Ptr<ns3::TcpSocketBase> sock;

    Table sent{{"t", "seq", "retx"}};
    Table acks{{"t", "ack", "cwnd", "ssthresh", "inflight", "state"}};
    Table prr{{"t", "ack", "enter", "delivered", "prr_delivered", "prr_out", "recover_fs",
               "ssthresh", "pipe", "sndcnt", "cwnd"}};
    Table bbr{{"t", "mode", "cycle", "pacing_gain", "cwnd_gain", "bw_bps", "min_rtt_s",
               "pacing_bps", "cwnd", "round"}};
    Table rate{{"t", "mode", "pacing_bps", "delivery_bps", "app_limited", "bw_bps",
                "min_rtt_s", "rtt_s", "cwnd", "inflight", "round"}};
    Table scripted{{"t", "seq", "transmission"}};
    Table goodput{{"t", "bytes"}};

    uint32_t maxSentEnd{1}; // one past the highest byte sent
    std::map<uint32_t, uint32_t> txCount; // transmissions so far of each data packet
    uint32_t curAck{0};     // the ACK being processed
    double lastSentBucket{-1}, lastAckBucket{-1}, lastRateBucket{-1};
    int64_t lastMode{-1}, lastCycle{-1};
    uint32_t lastAckState{0};
    double lastPacingGain{-1};
    double firstDataS{-1};
    uint64_t dataPackets{0}, retransmissions{0}, deliveredBytes{0}, deliveredFrom{0};
    uint32_t recoveries{0}, timeouts{0}, overflowDrops{0};

    FlowLog(uint32_t i, std::string c, std::string r, uint32_t s, double sample, bool exact)
        : index(i),
          cc(std::move(c)),
          recovery(std::move(r)),
          seg(s),
          sampleS(sample),
          exactLoss(exact)
    {
    }

    double Pkts(uint32_t bytes) const
    {
        return static_cast<double>(bytes) / seg;
    }

    /** Whether a row at `t` starts a new sampling bucket (always true when not sampling). */
    bool Due(double t, double& lastBucket) const
    {
        if (sampleS <= 0)
            return true;
        double b = std::floor(t / sampleS + 1e-9);
        if (b == lastBucket)
            return false;
        lastBucket = b;
        return true;
    }

    uint32_t State() const
    {
        return sock->m_tcb->m_congState.Get();
    }

    void OnTx(ns3::Ptr<const ns3::Packet> p, const ns3::TcpHeader& h)
    {
        uint32_t len = p->GetSize();
        if (len == 0)
            return;
        double t = ns3::Simulator::Now().GetSeconds();
        uint32_t seq = h.GetSequenceNumber().GetValue();
        bool retx = seq < maxSentEnd;
        maxSentEnd = std::max(maxSentEnd, seq + len);
        ++dataPackets;
        ++txCount[PacketNumber(seq, seg)];
        if (retx)
            ++retransmissions;
        if (firstDataS < 0)
            firstDataS = t;
        if (retx || (exactLoss && State() != 0) || Due(t, lastSentBucket))
            sent.Add({Sec(ns3::Simulator::Now()), std::to_string(PacketNumber(seq, seg)),
                      retx ? "1" : "0"});
    }

    void OnRx(ns3::Ptr<const ns3::Packet> p, const ns3::TcpHeader& h)
    {
        if (p->GetSize() != 0 || !(h.GetFlags() & ns3::TcpHeader::ACK) ||
            (h.GetFlags() & ns3::TcpHeader::SYN))
            return;
        curAck = h.GetAckNumber().GetValue();
        ns3::Time t = ns3::Simulator::Now();
        uint32_t ack = curAck;
        // After ns-3 has processed the ACK (same time, the next event).
        ns3::Simulator::ScheduleNow([this, t, ack]() { AckRow(t, ack); });
    }

    void AckRow(ns3::Time t, uint32_t ack)
    {
        const auto& tcb = sock->m_tcb;
        uint32_t st = State();
        bool changed = st != lastAckState;
        lastAckState = st;
        if (!changed && !(exactLoss && st != 0) && !Due(t.GetSeconds(), lastAckBucket))
            return;
        uint32_t ss = tcb->m_ssThresh;
        acks.Add({Sec(t), std::to_string((ack - 1) / seg), Num(Pkts(tcb->m_cWnd)),
                  ss >= 0x7fffffff ? "null" : Num(Pkts(ss)), Num(Pkts(tcb->m_bytesInFlight)),
                  Quote(CongStateName(st))});
    }

    void OnCongState(uint32_t from, uint32_t to)
    {
        if (to == 3 && from != 3)
            ++recoveries;
        if (to == 4 && from != 4)
            ++timeouts;
    }

    void OnPrr(const ns3::PrrStep& s)
    {
        int64_t sndcnt = static_cast<int64_t>(s.cwnd) - s.inflightBefore;
        prr.Add({Sec(ns3::Simulator::Now()), std::to_string((curAck - 1) / seg),
                 s.enter ? "1" : "0", std::to_string(s.deliveredBytes),
                 std::to_string(s.prrDelivered), std::to_string(s.prrOut),
                 std::to_string(s.recoverFs), std::to_string(s.ssthresh),
                 std::to_string(s.inflightBefore), std::to_string(sndcnt), std::to_string(s.cwnd)});
    }

    void OnBbr(ns3::Ptr<ns3::TcpSocketState> tcb, const ns3::BbrSnapshot& s)
    {
        double t = ns3::Simulator::Now().GetSeconds();
        double pacing = static_cast<double>(tcb->m_pacingRate.Get().GetBitRate());
        bool change = static_cast<int64_t>(s.mode) != lastMode ||
                      (s.mode == 2 && static_cast<int64_t>(s.cycleIndex) != lastCycle) ||
                      s.pacingGain != lastPacingGain;
        std::string minRtt = s.minRttS < 0 ? "null" : Num(s.minRttS, 9);
        if (change)
        {
            bbr.Add({Sec(ns3::Simulator::Now()), Quote(BbrModeName(s.mode)),
                     std::to_string(s.cycleIndex), Num(s.pacingGain, 4), Num(s.cwndGain, 4),
                     Num(s.bwBps, 0), minRtt, Num(pacing, 0), Num(Pkts(tcb->m_cWnd)),
                     std::to_string(s.roundCount)});
            lastMode = s.mode;
            lastCycle = s.cycleIndex;
            lastPacingGain = s.pacingGain;
        }
        if (change || Due(t, lastRateBucket))
            rate.Add({Sec(ns3::Simulator::Now()), Quote(BbrModeName(s.mode)), Num(pacing, 0),
                      Num(s.deliveryBps, 0), s.appLimited ? "1" : "0", Num(s.bwBps, 0), minRtt,
                      Num(tcb->m_lastRtt.Get().GetSeconds(), 9), Num(Pkts(tcb->m_cWnd)),
                      Num(Pkts(tcb->m_bytesInFlight)), std::to_string(s.roundCount)});
    }
};

} // namespace oracle
