// Probes: TcpBbr and TcpPrrRecovery subclasses that call ns-3's own code unchanged and then
// report the state it left behind (mode, gains, bandwidth filter, min RTT; prr_delivered,
// prr_out, RecoverFS, sndcnt). Registered as ns3::OracleBbr / ns3::OraclePrr and chosen through
// TcpL4Protocol's SocketType / RecoveryType on each sender's node.
#pragma once

#include "ns3-open.h"

namespace ns3
{

/** What a BbrProbe reports after every CongControl call (one per ACK). */
struct BbrSnapshot
{
    uint32_t mode;        // TcpBbr::BbrMode_t: 0 STARTUP, 1 DRAIN, 2 PROBE_BW, 3 PROBE_RTT
    uint32_t cycleIndex;  // PROBE_BW gain-cycle phase 0..7
    double pacingGain;    // after this ACK
    double cwndGain;
    double bwBps;         // max filter's best, bit/s of payload
    double minRttS;       // m_rtProp (s; -1 before the first sample)
    double deliveryBps;   // this ACK's rate sample (bit/s; 0 when none)
    bool appLimited;      // the rate sample's app-limited flag
    uint32_t roundCount;  // packet-timed round trips
    bool pipeFilled;      // STARTUP's full-bandwidth detector has fired
};

class BbrProbe : public TcpBbr
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::OracleBbr")
                                .SetParent<TcpBbr>()
                                .SetGroupName("Internet")
                                .AddConstructor<BbrProbe>();
        return tid;
    }

    BbrProbe() = default;

    BbrProbe(const BbrProbe& o)
        : TcpBbr(o),
          onAck(o.onAck)
    {
    }

    std::function<void(Ptr<TcpSocketState>, const BbrSnapshot&)> onAck;

    void CongControl(Ptr<TcpSocketState> tcb,
                     const TcpRateOps::TcpRateConnection& rc,
                     const TcpRateOps::TcpRateSample& rs) override
    {
        TcpBbr::CongControl(tcb, rc, rs);
        if (!onAck)
            return;
        BbrSnapshot s;
        s.mode = m_state;
        s.cycleIndex = m_cycleIndex;
        s.pacingGain = m_pacingGain;
        s.cwndGain = m_cWndGain;
        s.bwBps = static_cast<double>(m_maxBwFilter.GetBest().GetBitRate());
        s.minRttS = m_rtProp == Time::Max() ? -1 : m_rtProp.GetSeconds();
        s.deliveryBps = static_cast<double>(rs.m_deliveryRate.GetBitRate());
        s.appLimited = rs.m_isAppLimited;
        s.roundCount = m_roundCount;
        s.pipeFilled = m_isPipeFilled;
        onAck(tcb, s);
    }

    Ptr<TcpCongestionOps> Fork() override
    {
        return CopyObject<BbrProbe>(this);
    }
};

/** One PRR step: DoRecovery's inputs and what it left (bytes). */
struct PrrStep
{
    bool enter;              // the call made by EnterRecovery
    uint32_t deliveredBytes; // DeliveredData handed to DoRecovery by TcpSocketBase
    uint32_t inflightBefore; // tcb->m_bytesInFlight when DoRecovery ran (the pipe it uses)
    uint32_t ssthresh;
    uint32_t prrDelivered;   // after the step
    uint32_t prrOut;         // after the step (bytes sent in recovery before this ACK's sends)
    uint32_t recoverFs;      // RecoverFS: bytes in flight when recovery began
    uint32_t cwnd;           // cwnd DoRecovery set = inflightBefore + sndcnt
};

class PrrProbe : public TcpPrrRecovery
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::OraclePrr")
                                .SetParent<TcpPrrRecovery>()
                                .SetGroupName("Internet")
                                .AddConstructor<PrrProbe>();
        return tid;
    }

    PrrProbe() = default;

    PrrProbe(const PrrProbe& o)
        : TcpPrrRecovery(o),
          onStep(o.onStep)
    {
    }

    std::function<void(const PrrStep&)> onStep;

    void EnterRecovery(Ptr<TcpSocketState> tcb,
                       uint32_t dupAckCount,
                       uint32_t unAckDataCount,
                       uint32_t deliveredBytes) override
    {
        m_entering = true;
        TcpPrrRecovery::EnterRecovery(tcb, dupAckCount, unAckDataCount, deliveredBytes);
        m_entering = false;
    }

    void DoRecovery(Ptr<TcpSocketState> tcb, uint32_t deliveredBytes) override
    {
        uint32_t inflight = tcb->m_bytesInFlight;
        TcpPrrRecovery::DoRecovery(tcb, deliveredBytes);
        if (!onStep)
            return;
        PrrStep s;
        s.enter = m_entering;
        s.deliveredBytes = deliveredBytes;
        s.inflightBefore = inflight;
        s.ssthresh = tcb->m_ssThresh;
        s.prrDelivered = m_prrDelivered;
        s.prrOut = m_prrOut;
        s.recoverFs = m_recoveryFlightSize;
        s.cwnd = tcb->m_cWnd;
        onStep(s);
    }

    Ptr<TcpRecoveryOps> Fork() override
    {
        return CopyObject<PrrProbe>(this);
    }

  private:
    bool m_entering{false};
};

NS_OBJECT_ENSURE_REGISTERED(BbrProbe);
NS_OBJECT_ENSURE_REGISTERED(PrrProbe);

} // namespace ns3
