// Which flow and data packet a packet is, from its IPv4 and TCP headers.
#pragma once

#include "ns3-open.h"

namespace oracle
{

struct PacketId
{
    bool tcp{false};
    bool data{false};     // carries payload
    uint16_t srcPort{0};  // the sender's port names the flow
    uint16_t dstPort{0};
    uint32_t seq{0};      // TCP sequence number (ISN 0: data starts at 1)
    uint32_t ack{0};
    uint32_t payload{0};  // bytes
    uint8_t flags{0};
};

/** The outermost header still on a packet where it is seen. */
enum class Outer
{
    Ipv4, // on the wire, in a device queue, in the traffic-control layer
    Tcp,  // a bare TCP segment
};

/** Read the headers of a copy of `p`, starting at `outer`. */
inline PacketId
Identify(ns3::Ptr<const ns3::Packet> p, Outer outer)
{
    using namespace ns3;
    PacketId id;
    Ptr<Packet> c = p->Copy();
    if (outer != Outer::Tcp)
    {
        Ipv4Header ip;
        c->RemoveHeader(ip);
        if (ip.GetProtocol() != 6)
            return id;
    }
    TcpHeader tcp;
    c->RemoveHeader(tcp);
    id.tcp = true;
    id.srcPort = tcp.GetSourcePort();
    id.dstPort = tcp.GetDestinationPort();
    id.seq = tcp.GetSequenceNumber().GetValue();
    id.ack = tcp.GetAckNumber().GetValue();
    id.payload = c->GetSize();
    id.data = id.payload > 0;
    id.flags = tcp.GetFlags();
    return id;
}

/** 1-based data packet number of a segment starting at TCP sequence number `seq`. */
inline uint32_t
PacketNumber(uint32_t seq, uint32_t segmentBytes)
{
    return (seq - 1) / segmentBytes + 1;
}

} // namespace oracle
