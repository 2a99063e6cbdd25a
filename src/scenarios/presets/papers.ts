/**
 * How the presets cite the papers they reproduce: by author and year, as a reader finds them in
 * a library, never by the numbered file names of the project's copies. Where a copy states no
 * date or no author, the comment says where the citation comes from.
 */

/** Fall, Floyd: Simulation-based comparisons of Tahoe, Reno, and SACK TCP. ACM CCR, 1996. */
export const FALL_FLOYD = 'Fall & Floyd (1996)';

/**
 * Caro, Shah, Iyengar, Amer, Stewart: Congestion control: SCTP vs TCP. University of Delaware
 * (the copy is undated; its newest reference is of December 2002, and the project has cited it
 * as 2003 since the first presets).
 */
export const CARO = 'Caro et al. (2003)';

/**
 * Alamgir, Atiquzzaman, Ivancic: Effect of congestion control on the performance of SCTP and
 * TCP in a wireless environment. The copy states no date or venue (its newest reference is of
 * April 2004, so it is no older than that); rather than guess a year it is cited as undated.
 */
export const ALAMGIR = 'Alamgir et al. (undated)';

/** Dainotti, Loreto, Pescapé, Ventre: SCTP performance evaluation over heterogeneous networks (© 2007). */
export const DAINOTTI = 'Dainotti et al. (2007)';

/** Vicuña, Jiménez, Hayel: Performance of SCTP in Wi-Fi and WiMAX networks with multi-homed mobiles (WNS2 2008). */
export const VICUNA = 'Vicuña et al. (2008)';

/**
 * The study of SCTP and TCP sources sharing a GEO satellite link (Tables I–III, Jain's index):
 * the copy has no title page, so neither authors nor year; cited by its subject.
 */
export const GEO_SHARING = 'the GEO sharing study (“SCTP and TCP sharing a satellite network”)';

/** Cardwell, Cheng, Gunn, Hassas Yeganeh, Jacobson: BBR: Congestion-based congestion control. ACM Queue 14(5), 2016. */
export const CARDWELL = 'Cardwell et al. (2016)';

/** Cardwell, Cheng, Hassas Yeganeh, Jacobson: BBR congestion control, IETF ICCRG Internet-Draft -00 (2017). */
export const BBR_DRAFT = 'draft-cardwell-iccrg-bbr-congestion-control-00';

/** Hock, Bless, Zitterbart: Experimental evaluation of BBR congestion control. IEEE ICNP 2017. */
export const HOCK = 'Hock et al. (2017)';

/** G. Bianchi, "Performance Analysis of the IEEE 802.11 Distributed Coordination Function", IEEE JSAC 18(3), 2000. */
export const BIANCHI = 'Bianchi (2000)';
