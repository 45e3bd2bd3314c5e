// Demo data for a fresh database. Dates are offsets in days from today (Asia/Kolkata); prices are
// rupees here and turned into paise by seed.ts. Every category, city, Online, and every ticket,
// registration and payment status appears at least once.
import type {
  PaymentStatus, RegistrationStatus, Role, TicketStatus, EventStatus,
} from '../contract';

export interface SeedTicket {
  name: string;
  category: string;
  price: number;
  quantity: number;
  status: TicketStatus;
  validFrom?: number;
  validUntil?: number;
  description: string;
}

export interface SeedEvent {
  key: string;
  title: string;
  category: string;
  venue: string;
  inDays: number;
  time: string;
  status: EventStatus;
  price: number;
  maxParticipants: number;
  organizer: string;
  contactEmail: string;
  contactPhone: string;
  description: string;
  highlights: string[];
  rules: string[];
  regulations: string[];
  tickets: SeedTicket[];
}

const STANDARD_REGULATIONS = [
  'Participants must carry a valid government photo ID.',
  'The organiser may change the schedule because of weather or safety.',
];

export const SEED_EVENTS: SeedEvent[] = [
  {
    key: 'mumbai-football', title: 'Mumbai Monsoon Football League', category: 'Football',
    venue: 'Cooperage Football Ground, Colaba, Mumbai', inDays: 12, time: '16:00', status: 'Active',
    price: 499, maxParticipants: 290, organizer: 'Mumbai District Football Association',
    contactEmail: 'football.mumbai@tdksports.in', contactPhone: '98200 11223',
    description: 'Five-a-side league nights under the lights at the historic Cooperage ground, open to amateur squads and walk-in players.',
    highlights: ['Floodlit turf matches', 'Certified referees', 'Trophies for the top three teams'],
    rules: ['Squads of up to 8 players', 'Studs allowed on turf only', 'Matches are 2 halves of 15 minutes'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Early Bird Player Pass', category: 'Early Bird', price: 399, quantity: 100, status: 'Expired', validFrom: -40, validUntil: -5, description: 'Discounted player pass for early sign-ups.' },
      { name: 'Player Pass', category: 'General', price: 499, quantity: 150, status: 'Active', description: 'Entry for one player, all league nights.' },
      { name: 'VIP Pavilion Pass', category: 'VIP', price: 1499, quantity: 40, status: 'Active', description: 'Pavilion seating, refreshments and a team jersey.' },
    ],
  },
  {
    key: 'shivaji-cricket', title: 'Shivaji Park Corporate Cricket Cup', category: 'Cricket',
    venue: 'Shivaji Park, Dadar, Mumbai', inDays: 20, time: '07:30', status: 'Active',
    price: 1200, maxParticipants: 296, organizer: 'Dadar Sports Club',
    contactEmail: 'cricket.dadar@tdksports.in', contactPhone: '98211 45678',
    description: 'A one-day tennis-ball tournament for corporate teams on the maidan where legends learnt the game.',
    highlights: ['T10 format', 'Live scoring', 'Man of the match awards'],
    rules: ['11 players per side plus 2 substitutes', 'Tennis ball only', 'Umpire decisions are final'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Individual Player Entry', category: 'Regular', price: 1200, quantity: 120, status: 'Active', description: 'Join a mixed team as an individual player.' },
      { name: 'Team Entry (11 players)', category: 'Group', price: 9900, quantity: 16, status: 'Active', description: 'One squad of eleven with two substitutes.' },
    ],
  },
  {
    key: 'delhi-half-marathon', title: 'Delhi Half Marathon Community Run', category: 'Running',
    venue: 'Jawaharlal Nehru Stadium, Lodhi Road, Delhi', inDays: 35, time: '05:30', status: 'Active',
    price: 799, maxParticipants: 4045, organizer: 'Capital Runners Collective',
    contactEmail: 'run.delhi@tdksports.in', contactPhone: '98110 22334',
    description: 'A 21.1 km certified course through Lutyens Delhi with 5 km and 10 km fun-run options.',
    highlights: ['Timing chip for every runner', 'Hydration every 2.5 km', 'Finisher medal'],
    rules: ['Minimum age 16', 'Bib must be visible at all times', 'Cut-off time 3 hours 30 minutes'],
    regulations: [...STANDARD_REGULATIONS, 'A medical fitness declaration is required.'],
    tickets: [
      { name: 'Early Bird Half Marathon', category: 'Early Bird', price: 799, quantity: 1000, status: 'Active', validFrom: -30, validUntil: 10, description: 'Half marathon entry at the early-bird price.' },
      { name: 'Half Marathon', category: 'Regular', price: 999, quantity: 3000, status: 'Upcoming', validFrom: 11, validUntil: 33, description: 'Standard half marathon entry.' },
      { name: 'Student 5K', category: 'Student', price: 599, quantity: 45, status: 'Active', description: 'Fun run for students with a valid college ID.' },
    ],
  },
  {
    key: 'bangalore-3x3', title: 'Bangalore 3x3 Basketball Jam', category: 'Basketball',
    venue: 'Kanteerava Indoor Stadium, Sampangi Rama Nagar, Bangalore', inDays: 18, time: '10:00', status: 'Active',
    price: 100, maxParticipants: 296, organizer: 'Hoops Karnataka',
    contactEmail: 'hoops.bangalore@tdksports.in', contactPhone: '98450 33445',
    description: 'Street-style 3x3 basketball with a DJ, a dunk contest and open courts all day.',
    highlights: ['FIBA 3x3 rules', 'Dunk contest', 'Open to mixed teams'],
    rules: ['Teams of 3 plus 1 substitute', 'Games to 21 points or 10 minutes'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Team Entry (4 players)', category: 'Group', price: 1200, quantity: 24, status: 'Active', description: 'Registration for one team of four.' },
      { name: 'Spectator Pass', category: 'General', price: 100, quantity: 200, status: 'Active', description: 'Courtside entry for the whole day.' },
    ],
  },
  {
    key: 'chennai-tennis', title: 'Chennai Open Amateur Tennis', category: 'Tennis',
    venue: 'SDAT Tennis Stadium, Nungambakkam, Chennai', inDays: 40, time: '08:00', status: 'Upcoming',
    price: 1200, maxParticipants: 64, organizer: 'Tamil Nadu Tennis Circle',
    contactEmail: 'tennis.chennai@tdksports.in', contactPhone: '98400 44556',
    description: 'Knock-out singles and doubles draws for club players, played on the courts of the former ATP Chennai Open.',
    highlights: ['Hard courts', 'New balls every match', 'Prize vouchers'],
    rules: ['Best of three tie-break sets', 'White attire preferred'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Singles Entry', category: 'Regular', price: 1200, quantity: 48, status: 'Upcoming', validFrom: 5, validUntil: 38, description: 'One singles draw entry.' },
      { name: 'Doubles Entry', category: 'Premium', price: 2000, quantity: 16, status: 'Upcoming', validFrom: 5, validUntil: 38, description: 'One doubles pair.' },
    ],
  },
  {
    key: 'hyderabad-swim', title: 'Hyderabad Open Water Swim Challenge', category: 'Swimming',
    venue: 'Gachibowli Aquatic Centre, Gachibowli, Hyderabad', inDays: 28, time: '06:30', status: 'Active',
    price: 750, maxParticipants: 183, organizer: 'Deccan Aquatics',
    contactEmail: 'swim.hyderabad@tdksports.in', contactPhone: '98490 55667',
    description: 'Timed 1.5 km and 3 km swims in the Olympic-size pool with lifeguards on every lane.',
    highlights: ['Electronic timing', 'Lifeguards on every lane', 'Finisher certificates'],
    rules: ['Swim caps are mandatory', 'No fins or paddles'],
    regulations: [...STANDARD_REGULATIONS, 'Participants must be able to swim 500 m unaided.'],
    tickets: [
      { name: '1.5 km Swim', category: 'General', price: 750, quantity: 120, status: 'Active', description: 'Entry to the 1.5 km timed swim.' },
      { name: '3 km Challenge', category: 'Premium', price: 1100, quantity: 60, status: 'Active', description: 'Entry to the 3 km timed swim with a finisher towel.' },
      { name: 'Family Splash Pack', category: 'Family Pack', price: 2400, quantity: 3, status: 'Sold Out', description: 'Two adults and two children in the fun lanes.' },
    ],
  },
  {
    key: 'pune-cycling', title: 'Pune Sahyadri Cycling Sportive', category: 'Cycling',
    venue: 'Sinhagad Road Start Point, Khadakwasla, Pune', inDays: 45, time: '05:45', status: 'Upcoming',
    price: 1400, maxParticipants: 400, organizer: 'Pune Pedallers',
    contactEmail: 'cycle.pune@tdksports.in', contactPhone: '98220 66778',
    description: 'An 80 km hilly sportive around Khadakwasla dam with a timed climb to Sinhagad fort.',
    highlights: ['Timed King of the Mountain climb', 'Support vehicles', 'Breakfast at the finish'],
    rules: ['Helmets are mandatory', 'Road bikes or MTBs only', 'Follow traffic marshals'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Super Early Bird Rider', category: 'Super Early Bird', price: 1400, quantity: 100, status: 'Active', validFrom: -10, validUntil: 15, description: 'Rider entry at the lowest price.' },
      { name: 'Rider Entry', category: 'Regular', price: 1800, quantity: 300, status: 'Upcoming', validFrom: 16, validUntil: 44, description: 'Standard rider entry.' },
    ],
  },
  {
    key: 'kolkata-volleyball', title: 'Kolkata Beach Volleyball Fest', category: 'Volleyball',
    venue: 'Salt Lake Stadium Grounds, Bidhannagar, Kolkata', inDays: 25, time: '15:00', status: 'Active',
    price: 0, maxParticipants: 96, organizer: 'Bengal Volleyball Friends',
    contactEmail: 'volley.kolkata@tdksports.in', contactPhone: '98300 77889',
    description: 'A free community beach volleyball festival on sand courts with music and food stalls.',
    highlights: ['Free entry', 'Sand courts', 'Evening music'],
    rules: ['Teams of 4', 'Rally scoring to 21'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Free Team Registration', category: 'General', price: 0, quantity: 24, status: 'Active', description: 'Register one team of four.' },
    ],
  },
  {
    key: 'ahmedabad-badminton', title: 'Ahmedabad Smash Badminton Open', category: 'Badminton',
    venue: 'Sardar Patel Stadium Complex, Navrangpura, Ahmedabad', inDays: 15, time: '09:00', status: 'Active',
    price: 250, maxParticipants: 148, organizer: 'Gujarat Shuttlers',
    contactEmail: 'shuttle.ahmedabad@tdksports.in', contactPhone: '98250 88990',
    description: 'Singles, mixed doubles and a senior category on wooden courts with feather shuttles.',
    highlights: ['Wooden courts', 'Yonex feather shuttles', 'Senior category'],
    rules: ['BWF scoring', 'Non-marking shoes only'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Singles Entry', category: 'Regular', price: 400, quantity: 96, status: 'Active', description: "Men's or women's singles." },
      { name: 'Mixed Doubles Pair', category: 'Premium', price: 700, quantity: 32, status: 'Active', description: 'One mixed doubles pair.' },
      { name: 'Senior Singles (60+)', category: 'Senior Citizen', price: 250, quantity: 20, status: 'Active', description: 'Singles for players aged 60 and above.' },
    ],
  },
  {
    key: 'gurugram-hockey', title: 'Gurugram Hockey Sixes', category: 'Hockey',
    venue: 'Tau Devi Lal Stadium, Sector 38, Gurugram', inDays: 30, time: '17:00', status: 'Active',
    price: 600, maxParticipants: 258, organizer: 'Haryana Hockey Club',
    contactEmail: 'hockey.gurugram@tdksports.in', contactPhone: '98100 99001',
    description: 'Fast six-a-side hockey on astroturf, with a women-only division.',
    highlights: ['Astroturf pitch', "Women's division", 'Coaching clinic'],
    rules: ['Six players per side', 'Shin guards and mouth guards are mandatory'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Player Registration', category: 'Regular', price: 600, quantity: 150, status: 'Active', description: 'Join as an individual player.' },
      { name: 'Team of 9', category: 'Group', price: 4800, quantity: 12, status: 'Active', description: 'One squad of nine.' },
    ],
  },
  {
    key: 'jaipur-athletics', title: 'Jaipur Pink City Athletics Meet', category: 'Athletics',
    venue: 'Sawai Mansingh Stadium, Rambagh, Jaipur', inDays: 50, time: '07:00', status: 'Upcoming',
    price: 200, maxParticipants: 500, organizer: 'Rajasthan Athletics Forum',
    contactEmail: 'athletics.jaipur@tdksports.in', contactPhone: '98290 10112',
    description: 'Sprints, relays, long jump and shot put for club and school athletes.',
    highlights: ['Synthetic track', 'Photo finish', 'Age-group medals'],
    rules: ['Spikes up to 7 mm', 'Two false starts disqualify'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Track Events', category: 'Regular', price: 350, quantity: 300, status: 'Upcoming', validFrom: 7, validUntil: 48, description: 'Any two track events.' },
      { name: 'School Athlete', category: 'Student', price: 200, quantity: 200, status: 'Upcoming', validFrom: 7, validUntil: 48, description: 'For school students with an ID card.' },
    ],
  },
  {
    key: 'noida-fitness', title: 'Noida Weekend Fitness Camp', category: 'Other',
    venue: 'Noida Stadium, Sector 21A, Noida', inDays: 8, time: '06:00', status: 'Active',
    price: 0, maxParticipants: 250, organizer: 'Fit Noida Initiative',
    contactEmail: 'fitness.noida@tdksports.in', contactPhone: '98111 12131',
    description: 'A free morning of yoga, functional training and a 3 km walk for all ages.',
    highlights: ['Free for everyone', 'Certified trainers', 'Healthy breakfast'],
    rules: ['Bring your own mat', 'Arrive 20 minutes early'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Free Entry', category: 'General', price: 0, quantity: 250, status: 'Active', description: 'One participant.' },
    ],
  },
  {
    key: 'thane-10k', title: 'Thane Lakeside 10K', category: 'Running',
    venue: 'Upvan Lake, Pokhran Road, Thane', inDays: 22, time: '06:00', status: 'Active',
    price: 650, maxParticipants: 740, organizer: 'Thane Road Runners',
    contactEmail: 'run.thane@tdksports.in', contactPhone: '98670 13141',
    description: 'A flat, fast 10 km loop around Upvan Lake with a 5 km family run.',
    highlights: ['Flat course', 'Pacers for 50 and 60 minutes', 'Family run'],
    rules: ['Minimum age 16 for the 10K', 'No headphones'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Early Bird 10K', category: 'Early Bird', price: 499, quantity: 200, status: 'Expired', validFrom: -30, validUntil: -1, description: '10K entry at the early-bird price.' },
      { name: '10K Entry', category: 'Regular', price: 650, quantity: 500, status: 'Active', validFrom: -1, validUntil: 21, description: 'Standard 10K entry.' },
      { name: '5K Family Pack', category: 'Family Pack', price: 1800, quantity: 40, status: 'Active', description: 'Four runners in the 5 km family run.' },
    ],
  },
  {
    key: 'online-chess', title: 'Online Rapid Chess Championship', category: 'Other',
    venue: 'Online', inDays: 10, time: '19:00', status: 'Active',
    price: 99, maxParticipants: 1300, organizer: 'Chess Club India',
    contactEmail: 'chess.online@tdksports.in', contactPhone: '98330 14151',
    description: 'Nine rounds of 10+5 rapid chess played online with fair-play monitoring.',
    highlights: ['Nine Swiss rounds', 'Fair-play monitoring', 'Rating prizes'],
    rules: ['Camera must stay on', 'No engines or outside help'],
    regulations: ['Fair-play violations lead to disqualification without refund.'],
    tickets: [
      { name: 'Rapid Entry', category: 'General', price: 199, quantity: 1000, status: 'Active', description: 'One player, all rounds.' },
      { name: 'Student Entry', category: 'Student', price: 99, quantity: 300, status: 'Active', description: 'For students under 21.' },
    ],
  },
  {
    key: 'virtual-5k', title: 'Virtual Fitness Run 5K', category: 'Running',
    venue: 'Online', inDays: 14, time: '06:00', status: 'Active',
    price: 0, maxParticipants: 5500, organizer: 'TDK Sports Community',
    contactEmail: 'community@tdksports.in', contactPhone: '98200 00000',
    description: 'Run 5 km anywhere in India and upload your GPS track to finish.',
    highlights: ['Run from anywhere', 'Digital certificate', 'Optional finisher medal'],
    rules: ['Upload a GPS track within 48 hours'],
    regulations: ['One entry per participant.'],
    tickets: [
      { name: 'Free Virtual Entry', category: 'General', price: 0, quantity: 5000, status: 'Active', description: 'Digital bib and certificate.' },
      { name: 'Finisher Medal Pack', category: 'Premium', price: 499, quantity: 500, status: 'Active', description: 'Medal and T-shirt delivered home.' },
    ],
  },
  {
    key: 'mumbai-cyclothon', title: 'Mumbai Marine Drive Cyclothon', category: 'Cycling',
    venue: 'Marine Drive, Churchgate, Mumbai', inDays: 60, time: '05:30', status: 'Upcoming',
    price: 700, maxParticipants: 2000, organizer: 'Mumbai Cycling Club',
    contactEmail: 'cycle.mumbai@tdksports.in', contactPhone: '98190 16171',
    description: 'A car-free morning ride along the Queen’s Necklace with 25 km and 50 km loops.',
    highlights: ['Car-free roads', 'Sunrise over the sea', 'Mechanic support'],
    rules: ['Helmets are mandatory', 'Stay in the marked lanes'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Early Bird Rider', category: 'Early Bird', price: 700, quantity: 500, status: 'Upcoming', validFrom: 3, validUntil: 40, description: '25 km or 50 km loop.' },
    ],
  },
  {
    key: 'bangalore-football-7s', title: 'Bangalore Ultimate Football 7s', category: 'Football',
    venue: 'Bangalore Football Stadium, Shanthala Nagar, Bangalore', inDays: 33, time: '08:00', status: 'Active',
    price: 2500, maxParticipants: 224, organizer: 'Garden City Football',
    contactEmail: 'football.bangalore@tdksports.in', contactPhone: '98860 18191',
    description: 'A weekend seven-a-side tournament for 32 teams with group stages and knock-outs.',
    highlights: ['32 teams', 'Guaranteed four matches', 'Cash prizes'],
    rules: ['Squads of up to 10', 'Rolling substitutions'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Team Entry', category: 'Group', price: 2500, quantity: 32, status: 'Active', description: 'One team of up to ten players.' },
    ],
  },
  {
    key: 'delhi-cricket-camp', title: 'Delhi Junior Cricket Camp', category: 'Cricket',
    venue: 'Arun Jaitley Stadium, Daryaganj, Delhi', inDays: -20, time: '08:00', status: 'Completed',
    price: 2000, maxParticipants: 60, organizer: 'Capital Cricket Academy',
    contactEmail: 'cricket.delhi@tdksports.in', contactPhone: '98101 20212',
    description: 'A three-day coaching camp for under-16 cricketers with former first-class players.',
    highlights: ['Video analysis', 'Net sessions', 'Fitness assessment'],
    rules: ['Players must bring their own kit'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Camp Pass', category: 'Regular', price: 2000, quantity: 60, status: 'Expired', validFrom: -60, validUntil: -21, description: 'All three days of the camp.' },
    ],
  },
  {
    key: 'hyderabad-badminton-league', title: 'Hyderabad Badminton Doubles League', category: 'Badminton',
    venue: 'Pullela Gopichand Badminton Academy, Gachibowli, Hyderabad', inDays: -10, time: '18:00', status: 'Completed',
    price: 500, maxParticipants: 64, organizer: 'Deccan Shuttle League',
    contactEmail: 'shuttle.hyderabad@tdksports.in', contactPhone: '98480 22232',
    description: 'Evening doubles league played at one of India’s most famous academies.',
    highlights: ['Academy courts', 'League and play-offs'],
    rules: ['Pairs may not change after round one'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Doubles Pair', category: 'Regular', price: 500, quantity: 32, status: 'Expired', validFrom: -45, validUntil: -11, description: 'One doubles pair.' },
    ],
  },
  {
    key: 'chennai-beach-volleyball', title: 'Chennai Marina Beach Volleyball', category: 'Volleyball',
    venue: 'Marina Beach, Triplicane, Chennai', inDays: -35, time: '16:30', status: 'Completed',
    price: 0, maxParticipants: 96, organizer: 'Marina Sports Trust',
    contactEmail: 'volley.chennai@tdksports.in', contactPhone: '98401 24252',
    description: 'A free sunset beach volleyball meet on the Marina.',
    highlights: ['Free entry', 'Sunset matches'],
    rules: ['Teams of 4'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Free Entry', category: 'General', price: 0, quantity: 48, status: 'Expired', validFrom: -60, validUntil: -36, description: 'One participant.' },
    ],
  },
  {
    key: 'pune-swimathon', title: 'Pune Balewadi Swimathon', category: 'Swimming',
    venue: 'Shree Shiv Chhatrapati Sports Complex, Balewadi, Pune', inDays: 70, time: '07:00', status: 'Draft',
    price: 800, maxParticipants: 300, organizer: 'Pune Aquatics',
    contactEmail: 'swim.pune@tdksports.in', contactPhone: '98230 26272',
    description: 'Draft: a charity swimathon, details to be confirmed.',
    highlights: ['Charity relay'], rules: ['To be announced'], regulations: [],
    tickets: [
      { name: 'Swimmer Entry', category: 'General', price: 800, quantity: 300, status: 'Active', description: 'Draft ticket, not on sale.' },
    ],
  },
  {
    key: 'kolkata-hockey', title: 'Kolkata Maidan Hockey Classic', category: 'Hockey',
    venue: 'Mohun Bagan Ground, Maidan, Kolkata', inDays: 90, time: '15:30', status: 'Draft',
    price: 300, maxParticipants: 200, organizer: 'Bengal Hockey Association',
    contactEmail: 'hockey.kolkata@tdksports.in', contactPhone: '98310 28292',
    description: 'Draft: an invitational club tournament on the Maidan.',
    highlights: [], rules: [], regulations: [],
    tickets: [],
  },
  {
    key: 'ahmedabad-night-run', title: 'Sabarmati Riverfront Night Run', category: 'Running',
    venue: 'Sabarmati Riverfront, Ellisbridge, Ahmedabad', inDays: 42, time: '20:00', status: 'Active',
    price: 599, maxParticipants: 1000, organizer: 'Amdavad Runners',
    contactEmail: 'run.ahmedabad@tdksports.in', contactPhone: '98980 30313',
    description: 'A cool-evening 5 km and 10 km run along the lit riverfront promenade.',
    highlights: ['Night course with lighting', 'Glow bands', 'Garba after-party'],
    rules: ['Reflective gear recommended'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: '5K Night Run', category: 'Regular', price: 599, quantity: 700, status: 'Active', description: '5 km timed run.' },
      { name: '10K Night Run', category: 'Premium', price: 799, quantity: 300, status: 'Active', description: '10 km timed run with a finisher medal.' },
    ],
  },
  {
    key: 'gurugram-tennis', title: 'Gurugram Tennis Doubles Weekend', category: 'Tennis',
    venue: 'DLF Golf and Country Club, Sector 42, Gurugram', inDays: 26, time: '07:00', status: 'Active',
    price: 3000, maxParticipants: 48, organizer: 'NCR Tennis League',
    contactEmail: 'tennis.gurugram@tdksports.in', contactPhone: '98999 32333',
    description: 'A two-day doubles round-robin for club players, with coaching clinics between matches.',
    highlights: ['Round-robin format', 'Coaching clinics', 'Brunch included'],
    rules: ['Pairs must be registered together', 'Fast4 scoring'],
    regulations: STANDARD_REGULATIONS,
    tickets: [
      { name: 'Doubles Pair', category: 'Premium', price: 3000, quantity: 24, status: 'Active', description: 'One doubles pair, both days.' },
    ],
  },
];

export interface SeedParticipant {
  firstName: string;
  lastName: string;
  gender: 'male' | 'female' | 'other';
  age: number;
  phone: string;
}

export const SEED_PARTICIPANTS: SeedParticipant[] = [
  { firstName: 'Aarav', lastName: 'Sharma', gender: 'male', age: 28, phone: '9820012345' },
  { firstName: 'Priya', lastName: 'Iyer', gender: 'female', age: 31, phone: '9840023456' },
  { firstName: 'Rohan', lastName: 'Mehta', gender: 'male', age: 24, phone: '9819034567' },
  { firstName: 'Ananya', lastName: 'Reddy', gender: 'female', age: 27, phone: '9849045678' },
  { firstName: 'Vikram', lastName: 'Singh', gender: 'male', age: 35, phone: '9810056789' },
  { firstName: 'Sneha', lastName: 'Patil', gender: 'female', age: 22, phone: '9822067890' },
  { firstName: 'Arjun', lastName: 'Nair', gender: 'male', age: 30, phone: '9846078901' },
  { firstName: 'Kavya', lastName: 'Menon', gender: 'female', age: 19, phone: '9895089012' },
  { firstName: 'Rahul', lastName: 'Gupta', gender: 'male', age: 41, phone: '9811090123' },
  { firstName: 'Ishita', lastName: 'Banerjee', gender: 'female', age: 26, phone: '9830001234' },
  { firstName: 'Aditya', lastName: 'Joshi', gender: 'male', age: 33, phone: '9823012346' },
  { firstName: 'Meera', lastName: 'Pillai', gender: 'female', age: 29, phone: '9847023457' },
  { firstName: 'Karan', lastName: 'Malhotra', gender: 'male', age: 37, phone: '9899034568' },
  { firstName: 'Divya', lastName: 'Krishnan', gender: 'female', age: 24, phone: '9841045679' },
  { firstName: 'Siddharth', lastName: 'Rao', gender: 'male', age: 18, phone: '9845056780' },
  { firstName: 'Pooja', lastName: 'Deshmukh', gender: 'female', age: 32, phone: '9860067891' },
  { firstName: 'Nikhil', lastName: 'Verma', gender: 'male', age: 45, phone: '9812078902' },
  { firstName: 'Riya', lastName: 'Chatterjee', gender: 'female', age: 21, phone: '9831089013' },
  { firstName: 'Manish', lastName: 'Yadav', gender: 'male', age: 39, phone: '9818090124' },
  { firstName: 'Neha', lastName: 'Kulkarni', gender: 'female', age: 34, phone: '9881001235' },
  { firstName: 'Harsh', lastName: 'Agarwal', gender: 'male', age: 26, phone: '9825012347' },
  { firstName: 'Tanvi', lastName: 'Shah', gender: 'female', age: 23, phone: '9824023458' },
  { firstName: 'Abhishek', lastName: 'Das', gender: 'male', age: 29, phone: '9836034569' },
  { firstName: 'Shreya', lastName: 'Bhat', gender: 'female', age: 17, phone: '9886045670' },
  { firstName: 'Varun', lastName: 'Kapoor', gender: 'male', age: 36, phone: '9811156781' },
  { firstName: 'Aishwarya', lastName: 'Naidu', gender: 'female', age: 28, phone: '9848067892' },
  { firstName: 'Kunal', lastName: 'Jain', gender: 'male', age: 62, phone: '9829078903' },
  { firstName: 'Lakshmi', lastName: 'Subramanian', gender: 'female', age: 44, phone: '9840189014' },
  { firstName: 'Yash', lastName: 'Thakur', gender: 'male', age: 20, phone: '9816090125' },
  { firstName: 'Fatima', lastName: 'Sheikh', gender: 'female', age: 27, phone: '9867001236' },
  { firstName: 'Sam', lastName: 'Fernandes', gender: 'other', age: 30, phone: '9822112237' },
];

export interface SeedRegistration {
  event: string;
  ticket: string;
  quantity: number;
  status: RegistrationStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  daysAgo: number;
  teamName?: string;
  medicalConditions?: string;
  dietaryRestrictions?: string;
  notes?: string;
  emailSent?: boolean;
  whatsappSent?: boolean;
  ticketDownloaded?: boolean;
}

/** In participant order: registration i belongs to SEED_PARTICIPANTS[i]. */
export const SEED_REGISTRATIONS: SeedRegistration[] = [
  { event: 'mumbai-football', ticket: 'Player Pass', quantity: 2, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'UPI', daysAgo: 6, teamName: 'Colaba Strikers', emailSent: true, ticketDownloaded: true },
  { event: 'mumbai-football', ticket: 'VIP Pavilion Pass', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Credit Card', daysAgo: 4, emailSent: true },
  { event: 'mumbai-football', ticket: 'Player Pass', quantity: 1, status: 'Pending', paymentStatus: 'Pending', paymentMethod: '', daysAgo: 1 },
  { event: 'shivaji-cricket', ticket: 'Team Entry (11 players)', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Net Banking', daysAgo: 9, teamName: 'Dadar Dynamos', emailSent: true, whatsappSent: true },
  { event: 'shivaji-cricket', ticket: 'Individual Player Entry', quantity: 1, status: 'Cancelled', paymentStatus: 'Refunded', paymentMethod: 'UPI', daysAgo: 12, notes: 'Cancelled at the participant’s request; refund issued.' },
  { event: 'delhi-half-marathon', ticket: 'Early Bird Half Marathon', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'UPI', daysAgo: 15, medicalConditions: 'Mild asthma', emailSent: true },
  { event: 'delhi-half-marathon', ticket: 'Student 5K', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Debit Card', daysAgo: 3 },
  { event: 'delhi-half-marathon', ticket: 'Early Bird Half Marathon', quantity: 1, status: 'Cancelled', paymentStatus: 'Failed', paymentMethod: 'Credit Card', daysAgo: 2, notes: 'Card declined by the bank.' },
  { event: 'bangalore-3x3', ticket: 'Team Entry (4 players)', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'UPI', daysAgo: 8, teamName: 'Indiranagar Ballers', whatsappSent: true },
  { event: 'hyderabad-swim', ticket: 'Family Splash Pack', quantity: 2, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Credit Card', daysAgo: 11, emailSent: true },
  { event: 'hyderabad-swim', ticket: 'Family Splash Pack', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'UPI', daysAgo: 7, dietaryRestrictions: 'Vegetarian' },
  { event: 'hyderabad-swim', ticket: '1.5 km Swim', quantity: 1, status: 'Pending', paymentStatus: 'Failed', paymentMethod: 'Debit Card', daysAgo: 1 },
  { event: 'pune-cycling', ticket: 'Super Early Bird Rider', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'UPI', daysAgo: 5, emailSent: true, ticketDownloaded: true },
  { event: 'kolkata-volleyball', ticket: 'Free Team Registration', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Cash', daysAgo: 10, teamName: 'Salt Lake Spikers' },
  { event: 'ahmedabad-badminton', ticket: 'Singles Entry', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'UPI', daysAgo: 4 },
  { event: 'ahmedabad-badminton', ticket: 'Mixed Doubles Pair', quantity: 1, status: 'Pending', paymentStatus: 'Pending', paymentMethod: '', daysAgo: 0 },
  { event: 'gurugram-hockey', ticket: 'Player Registration', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Net Banking', daysAgo: 6, emailSent: true },
  { event: 'noida-fitness', ticket: 'Free Entry', quantity: 3, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Cash', daysAgo: 2, dietaryRestrictions: 'Vegan' },
  { event: 'thane-10k', ticket: 'Early Bird 10K', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'UPI', daysAgo: 20, emailSent: true, whatsappSent: true, ticketDownloaded: true },
  { event: 'thane-10k', ticket: '10K Entry', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Credit Card', daysAgo: 1 },
  { event: 'online-chess', ticket: 'Rapid Entry', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'UPI', daysAgo: 3 },
  { event: 'virtual-5k', ticket: 'Finisher Medal Pack', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Debit Card', daysAgo: 2 },
  { event: 'bangalore-football-7s', ticket: 'Team Entry', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Net Banking', daysAgo: 14, teamName: 'Koramangala FC', emailSent: true },
  { event: 'delhi-cricket-camp', ticket: 'Camp Pass', quantity: 1, status: 'Checked-In', paymentStatus: 'Paid', paymentMethod: 'UPI', daysAgo: 40, emailSent: true, ticketDownloaded: true },
  { event: 'delhi-cricket-camp', ticket: 'Camp Pass', quantity: 1, status: 'No-Show', paymentStatus: 'Paid', paymentMethod: 'Credit Card', daysAgo: 38 },
  { event: 'hyderabad-badminton-league', ticket: 'Doubles Pair', quantity: 1, status: 'Checked-In', paymentStatus: 'Paid', paymentMethod: 'UPI', daysAgo: 20, emailSent: true },
  { event: 'hyderabad-badminton-league', ticket: 'Doubles Pair', quantity: 1, status: 'Cancelled', paymentStatus: 'Refunded', paymentMethod: 'Debit Card', daysAgo: 25, notes: 'Partner injured; refunded in full.' },
  { event: 'chennai-beach-volleyball', ticket: 'Free Entry', quantity: 2, status: 'Checked-In', paymentStatus: 'Paid', paymentMethod: 'Cash', daysAgo: 45, medicalConditions: 'None' },
  { event: 'chennai-beach-volleyball', ticket: 'Free Entry', quantity: 1, status: 'No-Show', paymentStatus: 'Paid', paymentMethod: 'Cash', daysAgo: 44 },
  { event: 'gurugram-tennis', ticket: 'Doubles Pair', quantity: 1, status: 'Confirmed', paymentStatus: 'Paid', paymentMethod: 'Credit Card', daysAgo: 5, whatsappSent: true },
  { event: 'ahmedabad-night-run', ticket: '5K Night Run', quantity: 1, status: 'Pending', paymentStatus: 'Pending', paymentMethod: '', daysAgo: 0 },
];

export const SEED_STAFF: { role: Role; email: string; fullName: string }[] = [
  { role: 'admin', email: 'admin@tdksports.in', fullName: 'Ananya Kapoor' },
  { role: 'manager', email: 'manager@tdksports.in', fullName: 'Rohit Verma' },
  { role: 'coordinator', email: 'coordinator@tdksports.in', fullName: 'Sana Qureshi' },
  { role: 'support', email: 'support@tdksports.in', fullName: 'Deepak Menon' },
];
