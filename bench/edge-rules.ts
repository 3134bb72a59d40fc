// The firewall rules of bench/edge.bench.ts: twenty a shop might keep, none of which ordinary
// traffic (a browser asking for a product page from an address without a country) meets, and
// one that switches CRS on.

const deny = (ruleName: string, settings: Record<string, unknown>) => ({ ruleName, wafAction: '01', ...settings });

export const WAF_RULES: Array<{ ruleName: string } & Record<string, unknown>> = [
  deny('deny_bad_ips', { wafIp: ['203.0.113.0/24', '192.0.2.66', '2001:db8:dead::/48'] }),
  deny('deny_scanner_agents', { wafHeaders: ['user-agent:(sqlmap|nikto|masscan|zgrab|nmap|dirbuster)'] }),
  deny('deny_wordpress_probes', { wafUri: ['^/wp-(login|admin)', '^/xmlrpc\\.php'] }),
  deny('deny_dotfiles', { wafUri: ['/\\.(env|git|svn|htaccess|DS_Store)'] }),
  deny('deny_countries', { wafCountry: ['KP', 'IR', 'SY'] }),
  deny('admin_office_only', { wafUri: ['^/admin'], wafIpExclude: ['10.0.0.0/8', '192.168.0.0/16'] }),
  deny('deny_static_writes', { wafUri: ['^/static/'], wafHttpMethod: ['PUT', 'DELETE', 'PATCH'] }),
  { ruleName: 'log_db_tools', wafAction: '04', wafUri: ['^/(phpmyadmin|pma|adminer)'] },
  {
    ruleName: 'redirect_old_shop',
    wafAction: '06',
    wafUri: ['^/old-shop/'],
    wafRedirectUrl: 'https://shop.example.com/',
  },
  { ruleName: 'limit_login', wafAction: '08', wafUri: ['^/api/login$'], wafHttpMethod: ['POST'], wafRate: '10/60' },
  deny('deny_spam_referers', { wafHeaders: ['referer:(casino|viagra|payday)\\.'] }),
  deny('deny_forwarded_host', { wafHeaders: ['x-forwarded-host:.'] }),
  deny('deny_scripts', { wafUri: ['\\.(cgi|pl|asp|aspx|jsp)$'] }),
  deny('deny_internal_options', { wafUri: ['^/internal/'], wafHttpMethod: ['OPTIONS', 'DELETE'] }),
  deny('deny_cn_accounts', { wafCountry: ['CN'], wafUri: ['^/account/'] }),
  deny('deny_backups', { wafUri: ['\\.(bak|sql|tar\\.gz|zip|old)$'] }),
  deny('deny_api_from_docs_net', { wafIp: ['198.51.100.0/24'], wafUri: ['^/api/'] }),
  deny('deny_shellshock', { wafHeaders: ['user-agent:\\(\\)\\s*\\{'] }),
  deny('deny_traversal', { wafUri: ['\\.\\./', '%2e%2e%2f'] }),
  deny('deny_purge_outside', { wafHttpMethod: ['PURGE'], wafIpExclude: ['127.0.0.0/8'] }),
];

export const CRS_RULE = { ruleName: 'deny_sqli_xss', wafAction: '01', wafOwasp: ['41000_sqli', '42000_xss'] };
