select r.wh_req_no, l.line_no, c.comp_name_kr, b.section_name, dp.deptnm, ep.hname, rv.hname, dl.file_id, l.item_name,
 (select sl.settle_no from settlement_line sl where sl.wh_req_no = l.wh_req_no and sl.wh_line_no = l.line_no) as settle_no
from wh_receipt r join company c on c.comp_no = r.comp_no join business_section b on b.top_dept = r.section join department dp on dp.deptcd = r.deptcd
left join employee ep on ep.singleid = r.epr_id left join employee rv on rv.singleid = r.receiver_id left join delivery dl on dl.delivery_no = r.delivery_no
join wh_receipt_line l on l.wh_req_no = r.wh_req_no
where r.wh_req_date >= current_date - 92 and r.source_system = 'GPMS'
order by r.wh_req_date desc, r.wh_req_no desc, l.line_no limit 100 offset 0;
