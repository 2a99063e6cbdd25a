// ScriptedDrops: an ErrorModel on the router's device that receives a flow's access link: it
// drops the listed transmissions of the listed data packets ("15" = the first transmission of
// packet 15, "15:2" = its second), counting only segments that carry data — SYNs and pure ACKs
// neither count nor drop. A dropped packet never reaches the bottleneck's queue, as in ackclock
// and ns-2 (loss point in front of the queue).
#pragma once

#include "packet-id.h"

namespace oracle
{

class ScriptedDrops : public ns3::ErrorModel
{
  public:
    /** drops: (packet number, transmission) pairs; onDrop(packet, transmission). */
    ScriptedDrops(std::set<std::pair<uint32_t, uint32_t>> drops,
                  uint32_t segmentBytes,
                  std::function<void(uint32_t, uint32_t)> onDrop)
        : m_drops(std::move(drops)),
          m_segmentBytes(segmentBytes),
          m_onDrop(std::move(onDrop))
    {
    }

  private:
    bool DoCorrupt(ns3::Ptr<ns3::Packet> p) override
    {
        PacketId id = Identify(p, Outer::Ipv4);
        if (!id.data)
            return false;
        uint32_t pkt = PacketNumber(id.seq, m_segmentBytes);
        uint32_t k = ++m_transmissions[pkt];
        if (m_drops.count({pkt, k}) == 0)
            return false;
        m_onDrop(pkt, k);
        return true;
    }

    void DoReset() override
    {
    }

    std::set<std::pair<uint32_t, uint32_t>> m_drops;
    uint32_t m_segmentBytes;
    std::function<void(uint32_t, uint32_t)> m_onDrop;
    std::map<uint32_t, uint32_t> m_transmissions;
};

/** "15,27,29:2" → {(15,1),(27,1),(29,2)}; "" → none. */
inline std::set<std::pair<uint32_t, uint32_t>>
ParseDrops(const std::string& s)
{
    std::set<std::pair<uint32_t, uint32_t>> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        if (item.empty())
            continue;
        size_t colon = item.find(':');
        uint32_t pkt = std::stoul(item.substr(0, colon));
        uint32_t k = colon == std::string::npos ? 1 : std::stoul(item.substr(colon + 1));
        out.insert({pkt, k});
    }
    return out;
}

} // namespace oracle
